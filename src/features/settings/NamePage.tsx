import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { NAME_MAX_LENGTH } from '#contracts/settings.ts'
import { putNames } from '../../api/settings.api'
import { refreshSession, useSession } from '../../session'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../forms'
import { Button, PageTitle, TextField } from '../../ui'
import { BackLink } from './components/BackLink'
import { settingsKeys } from './settings.queries'
import styles from './settings.module.css'

const FIELDS = {
  first_name: { noun: msg`first name`, control: 'given-name' },
  last_name: { noun: msg`last name`, control: 'family-name' },
}
type NameField = keyof typeof FIELDS

/** Seeds 2.4 personal-details/name: first and last name (at most 50 characters each). */
export function NamePage() {
  const { t } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [firstName, setFirstName] = useState(session?.firstName ?? '')
  const [lastName, setLastName] = useState(session?.lastName ?? '')
  const form = useFormSubmit<NameField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)
  if (!session) return null

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const first = firstName.trim()
    const last = lastName.trim()
    const missing: FieldCodes<NameField> = {}
    if (first === '') missing.first_name = 'MISSING'
    if (last === '') missing.last_name = 'MISSING'
    await form.submit({
      fieldOf: fieldIn(FIELDS),
      local: missing,
      send: async () => {
        const info = await putNames(session.sub, { first_name: first, last_name: last })
        queryClient.setQueryData(settingsKeys.personal(session.sub), info)
        void refreshSession()
        await navigate({ to: '/settings/personal-details', search: { updated: 'name' } })
      },
    })
  }

  return (
    <div className={styles.page}>
      <BackLink to="/settings/personal-details">
        <Trans>Personal details</Trans>
      </BackLink>
      <PageTitle documentTitle={t`Change your name`}>
        <Trans>Change your name</Trans>
      </PageTitle>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        {form.offline ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              Changing your name needs an internet connection. What you typed stays here; save again
              when you are back online.
            </Trans>
          </FormAlert>
        ) : null}
        {form.failure?.kind === 'other' ? (
          <FormAlert variant="error" title={<Trans>Your name could not be changed</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        <TextField
          label={<Trans>First name</Trans>}
          name="given-name"
          autoComplete="given-name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={firstName}
          error={errorFor('first_name')}
          onChange={(e) => {
            setFirstName(e.target.value)
          }}
        />
        <TextField
          label={<Trans>Last name</Trans>}
          name="family-name"
          autoComplete="family-name"
          required
          maxLength={NAME_MAX_LENGTH}
          value={lastName}
          error={errorFor('last_name')}
          onChange={(e) => {
            setLastName(e.target.value)
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            <Trans>Save name</Trans>
          </Button>
        </div>
      </form>
    </div>
  )
}
