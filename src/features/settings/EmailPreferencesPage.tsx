import { useState, type ReactNode, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { EmailPreferences } from '#contracts/settings.ts'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession } from '../../session'
import { Alert, Button, Checkbox, PageTitle } from '../../ui'
import { useToast } from '../../ui/Toast'
import { isPaused, pauseUntil, type PauseChoice } from './alert-pause'
import { formatDateTime } from './dates'
import { emailPreferencesSave, type EmailPreferencesChange } from './queue'
import { sendOrQueue } from './save-change'
import { emailPreferencesQueryOptions, settingsKeys } from './settings.queries'
import styles from './settings.module.css'

type Status = 'idle' | 'saved' | 'queued' | 'refused'
type Choice = PauseChoice | 'keep'

const TOGGLES = [
  'disconnection_alerts',
  'performance_alerts',
  'report_cards',
  'product_news',
] as const
type Toggle = (typeof TOGGLES)[number]

function ToggleLabel({ name }: { name: Toggle }) {
  switch (name) {
    case 'disconnection_alerts':
      return <Trans>Disconnection alerts: when your Whitebox loses its connection</Trans>
    case 'performance_alerts':
      return <Trans>Performance alerts: when your speeds drop well below your package</Trans>
    case 'report_cards':
      return <Trans>Monthly report cards</Trans>
    case 'product_news':
      return <Trans>Product news and new features</Trans>
  }
}

function Radio({
  value,
  checked,
  onChoose,
  children,
}: {
  value: Choice
  checked: boolean
  onChoose: (value: Choice) => void
  children: ReactNode
}) {
  return (
    <label className={styles.radio}>
      <input
        type="radio"
        name="pause"
        value={value}
        checked={checked}
        onChange={() => {
          onChoose(value)
        }}
      />
      <span>{children}</span>
    </label>
  )
}

function PreferencesForm({ sub, initial }: { sub: string; initial: EmailPreferences }) {
  const { i18n, t } = useLingui()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(initial)
  const [openedAt] = useState(Date.now)
  const paused = isPaused(values.alerts_paused_until, openedAt)
  const [choice, setChoice] = useState<Choice>(paused ? 'keep' : 'none')
  const [status, setStatus] = useState<Status>('idle')
  const [saving, setSaving] = useState(false)
  const pausedUntil =
    paused && values.alerts_paused_until !== null
      ? formatDateTime(values.alerts_paused_until, i18n.locale)
      : null

  const save = async (preferences: EmailPreferences) => {
    setSaving(true)
    const change: EmailPreferencesChange = { sub, preferences }
    const outcome = await sendOrQueue(queryClient, emailPreferencesSave, change)
    setSaving(false)
    if (outcome.status === 'failed') {
      setStatus('refused')
      return
    }
    // Whole-object save: what was sent (or queued) is what the server keeps.
    queryClient.setQueryData(settingsKeys.emailPreferences(sub), preferences)
    setValues(preferences)
    setChoice(isPaused(preferences.alerts_paused_until, Date.now()) ? 'keep' : 'none')
    setStatus(outcome.status === 'queued' ? 'queued' : 'saved')
    // Done, nothing to answer: a toast (issue 22 §2) rather than a message that stays.
    if (outcome.status === 'sent')
      toast.show({ message: t`Your email preferences have been saved` })
  }

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const until = choice === 'keep' ? values.alerts_paused_until : pauseUntil(choice, Date.now())
    void save({ ...values, alerts_paused_until: until })
  }

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit}>
      {status === 'queued' ? (
        <Alert
          variant="info"
          title={<Trans>Your email preferences are saved on this device</Trans>}
        >
          <Trans>They will be sent when you are back online.</Trans>
        </Alert>
      ) : null}
      {status === 'refused' ? (
        <Alert variant="error" title={<Trans>Your email preferences were not saved</Trans>}>
          <Trans>Please check the pause and try again.</Trans>
        </Alert>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Emails we send you</Trans>
        </legend>
        {TOGGLES.map((name) => (
          <Checkbox
            key={name}
            name={name}
            checked={values[name]}
            label={<ToggleLabel name={name} />}
            onChange={(e) => {
              const checked = e.target.checked
              setValues((current) => ({ ...current, [name]: checked }))
            }}
          />
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Pause alerts for a while</Trans>
        </legend>
        {pausedUntil !== null ? (
          <Radio value="keep" checked={choice === 'keep'} onChoose={setChoice}>
            <Trans>Keep paused until {pausedUntil}</Trans>
          </Radio>
        ) : null}
        <Radio value="none" checked={choice === 'none'} onChoose={setChoice}>
          {pausedUntil !== null ? <Trans>Resume alerts now</Trans> : <Trans>Do not pause</Trans>}
        </Radio>
        <Radio value="day" checked={choice === 'day'} onChoose={setChoice}>
          <Trans>For 1 day</Trans>
        </Radio>
        <Radio value="week" checked={choice === 'week'} onChoose={setChoice}>
          <Trans>For 1 week</Trans>
        </Radio>
        <Radio value="twoWeeks" checked={choice === 'twoWeeks'} onChoose={setChoice}>
          <Trans>For 2 weeks</Trans>
        </Radio>
        <Radio value="untilResumed" checked={choice === 'untilResumed'} onChoose={setChoice}>
          <Trans>Until I resume them (at most 90 days)</Trans>
        </Radio>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" loading={saving}>
          <Trans>Save preferences</Trans>
        </Button>
      </div>
    </form>
  )
}

/**
 * Seeds 2.4 email preferences, with a temporary pause of alerts. `standalone`: at /email-preferences,
 * outside the settings layout, so it sets its own width.
 */
export function EmailPreferencesPage({ standalone = false }: { standalone?: boolean }) {
  const { i18n, t } = useLingui()
  const session = useSession()
  const [openedAt] = useState(Date.now)
  const query = useQuery({
    ...emailPreferencesQueryOptions(session?.sub ?? ''),
    enabled: session !== null,
  })
  if (!session) return null
  const until = query.data?.alerts_paused_until ?? null
  const pausedUntil =
    until !== null && isPaused(until, openedAt) ? formatDateTime(until, i18n.locale) : null

  return (
    <div className={standalone ? `${styles.layout} ${styles.page}` : styles.page}>
      <PageTitle documentTitle={t`Email preferences`}>
        <Trans>Email preferences</Trans>
      </PageTitle>
      {pausedUntil !== null ? (
        <Alert variant="warning" title={<Trans>Alerts are paused until {pausedUntil}</Trans>} />
      ) : null}
      <section className={styles.section}>
        <QueryStatus query={query}>
          {(preferences) => <PreferencesForm sub={session.sub} initial={preferences} />}
        </QueryStatus>
      </section>
    </div>
  )
}
