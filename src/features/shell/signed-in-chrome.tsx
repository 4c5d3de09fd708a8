import { lazy, Suspense } from 'react'
import { usePendingChangeCount, usePendingChangesOpen } from '../../offline/pending-changes'
import type { Session } from '../../session'
import { FeatureUpdates } from '../feature-updates'
import { STAFF_WARNING_PREFERENCE } from './Banners'

export { AccountSwitcher } from './AccountSwitcher'

// Loaded when there is something to show (a change waiting, the panel opened from the account
// menu): most pages open with nothing pending, and need neither its code nor its request.
const PendingChanges = lazy(() =>
  import('../../offline/PendingChanges').then((module) => ({ default: module.PendingChanges })),
)

function PendingChangesWhenAny() {
  const count = usePendingChangeCount()
  const open = usePendingChangesOpen()
  if (count === 0 && !open) return null
  return (
    <Suspense fallback={null}>
      <PendingChanges />
    </Suspense>
  )
}

/** What the shell adds for a signed-in user: the pending changes and the feature updates. */
export function SignedInExtras({ session }: { session: Session }) {
  return (
    <>
      <PendingChangesWhenAny />
      <FeatureUpdates
        session={session}
        keepUnread={session.preferences[STAFF_WARNING_PREFERENCE] === true}
      />
    </>
  )
}
