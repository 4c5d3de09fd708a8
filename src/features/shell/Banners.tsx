import { Trans } from '@lingui/react/macro'
import type { Session } from '../../session'
import { Alert } from '../../ui'

/** The preference that marks a staff member acting as another user (seeds 000 §3). */
export const STAFF_WARNING_PREFERENCE = 'staffWarning'

/** The session-recording tool of seeds 000 §2.1 is not part of this product: never running. */
function isSessionRecordingRunning(): boolean {
  return false
}

/** Seeds 000 §2.1: warn while impersonating, unless the session is being recorded. */
export function showsImpersonationWarning(session: Session | null): boolean {
  return session?.preferences[STAFF_WARNING_PREFERENCE] === true && !isSessionRecordingRunning()
}

/** The impersonation and deprecation banners above the page. */
export function Banners({ session }: { session: Session | null }) {
  const impersonating = showsImpersonationWarning(session)
  const migrated = session?.migrated === true
  if (!impersonating && !migrated) return null
  return (
    <div>
      {impersonating ? (
        <Alert variant="warning">
          <Trans>You are "impersonating" the currently logged in user</Trans>
        </Alert>
      ) : null}
      {migrated ? (
        <Alert variant="info" title={<Trans>Your account has moved to a new platform</Trans>}>
          <Trans>
            This version of the service will stop working for your account soon. Please sign in on
            the new platform to keep seeing your results.
          </Trans>
        </Alert>
      ) : null}
    </div>
  )
}
