import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { safeContinuePath } from '../../lib/safe-path'
import { sortPanels } from '../../lib/view-choice'
import { defaultPath, switchView, useSession, type ActiveView } from '../../session'
import { Button, Checkbox, PageTitle } from '../../ui'
import { AuthLayout, authStyles as styles } from './AuthLayout'

/** Seeds 2.3 /redirect: choose a data subscription or a whitebox, optionally remembered. */
export function RedirectPage({ continueTo }: { continueTo?: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const session = useSession()
  const [remember, setRemember] = useState(false)
  const panelsTitleId = useId()
  const unitsTitleId = useId()
  if (!session) return null

  const panels = sortPanels(session.accessibles.apollo)
  const units = [...session.accessibles.units].sort((a, b) => a.unitId - b.unitId)

  const handleChoose = (view: ActiveView) => {
    switchView(view, remember, { navigate: false })
    const next = { ...session, view }
    const target = safeContinuePath(continueTo, globalThis.location.origin) ?? defaultPath(next)
    void navigate({ href: target })
  }

  return (
    <AuthLayout>
      <PageTitle
        documentTitle={t`Choose where to go`}
        subtitle={<Trans>Your account has more than one kind of access.</Trans>}
      >
        <Trans>Choose where to go</Trans>
      </PageTitle>
      <Checkbox
        label={<Trans>Remember my selection</Trans>}
        checked={remember}
        onChange={(e) => {
          setRemember(e.target.checked)
        }}
      />
      {panels.length > 0 ? (
        <section className={styles.stack} aria-labelledby={panelsTitleId}>
          <h2 id={panelsTitleId} className={styles.groupTitle}>
            <Trans>Data subscriptions</Trans>
          </h2>
          <ul className={styles.choices}>
            {panels.map((panel) => (
              <li key={panel.pid}>
                <Button
                  variant="secondary"
                  block
                  onClick={() => {
                    handleChoose({ type: 'enterprise', panelId: panel.pid })
                  }}
                >
                  {panel.front_name}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {units.length > 0 ? (
        <section className={styles.stack} aria-labelledby={unitsTitleId}>
          <h2 id={unitsTitleId} className={styles.groupTitle}>
            <Trans>Whiteboxes</Trans>
          </h2>
          <ul className={styles.choices}>
            {units.map(({ unitId }) => (
              <li key={unitId}>
                <Button
                  variant="secondary"
                  block
                  onClick={() => {
                    handleChoose({ type: 'consumer', unitId })
                  }}
                >
                  <Trans>Whitebox {unitId}</Trans>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AuthLayout>
  )
}
