import { Trans, useLingui } from '@lingui/react/macro'
import { SUPPORT_EMAIL } from '#contracts/settings.ts'
import { activePanelId, useSession } from '../../session'
import { useFlag } from '../../session/flags'
import { Alert, buttonClassName } from '../../ui'
import styles from './FaultFinder.module.css'

/** Seeds 001 §3.4: the fault finder's flags. */
export const FAULT_FINDER_FLAGS = {
  beta: 'show-fault-finder-beta-banner',
  call: 'show-fault-finder-call-cta',
  feedback: 'show-fault-finder-feedback-cta',
} as const

/** The signed-in user and selected panel the flags are read for (off while signed out). */
function useFlagScope() {
  const session = useSession()
  return {
    scope: { userId: session?.userId ?? 0, panelId: session ? activePanelId(session) : null },
    enabled: session !== null,
  }
}

/** A mail to support with its subject filled in. */
function mailTo(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`
}

/** show-fault-finder-beta-banner: the fault finder is a beta, and what that means. */
export function BetaNotice() {
  const { scope, enabled } = useFlagScope()
  const on = useFlag(FAULT_FINDER_FLAGS.beta, scope, enabled)
  if (!on) return null
  return (
    <Alert variant="info" title={<Trans>Beta</Trans>}>
      <Trans>
        The fault finder is new. Its detector is still being tuned, so an anomaly may be missed or
        flagged when nothing is wrong.
      </Trans>
    </Alert>
  )
}

/**
 * show-fault-finder-call-cta and show-fault-finder-feedback-cta: book a call about the fault
 * finder, or send feedback on it (on one collection when `collectionId` is given). Both write to
 * support: the help centre's request form is not open in the enterprise view (seeds 000 §2.7).
 */
export function FaultFinderCtas({ collectionId }: { collectionId?: number }) {
  const { t } = useLingui()
  const { scope, enabled } = useFlagScope()
  const call = useFlag(FAULT_FINDER_FLAGS.call, scope, enabled)
  const feedback = useFlag(FAULT_FINDER_FLAGS.feedback, scope, enabled)
  if (!call && !feedback) return null
  const feedbackSubject =
    collectionId === undefined
      ? t`Fault finder feedback`
      : t`Fault finder feedback on collection ${collectionId}`
  return (
    <aside className={styles.ctas} aria-labelledby="fault-finder-ctas">
      <h2 id="fault-finder-ctas" className={styles.ctaTitle}>
        <Trans>Help us shape the fault finder</Trans>
      </h2>
      <p className={styles.ctaText}>
        {call ? (
          <Trans>Talk us through how you find faults, or tell us what would help.</Trans>
        ) : (
          <Trans>Tell us what worked and what would help.</Trans>
        )}
      </p>
      <div className={styles.ctaActions}>
        {call ? (
          <a className={buttonClassName('primary')} href={mailTo(t`Fault finder: book a call`)}>
            <Trans>Book a call</Trans>
          </a>
        ) : null}
        {feedback ? (
          <a className={buttonClassName('secondary')} href={mailTo(feedbackSubject)}>
            <Trans>Send feedback</Trans>
          </a>
        ) : null}
      </div>
    </aside>
  )
}
