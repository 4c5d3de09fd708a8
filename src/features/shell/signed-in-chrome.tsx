import { lazy, Suspense, useContext } from 'react'
import { QueryClientContext } from '@tanstack/react-query'
import { usePendingChangeCount, usePendingChangesOpen } from '../../offline/pending-changes'
import { activePanelId, type Session } from '../../session'
import { useFlagsSync } from '../../session/flags'
import { FeatureUpdates } from '../feature-updates'
import { STAFF_WARNING_PREFERENCE } from './Banners'

export { AccountSwitcher } from './AccountSwitcher'
export { PanelPicker } from './PanelPicker'

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

/** Keeps the feature flags of the selected panel current (and on the device for offline starts). */
function FlagsSync({ session }: { session: Session }) {
  // The shell is also rendered without the data layer (its component tests): nothing to sync then.
  if (useContext(QueryClientContext) === undefined) return null
  return <FlagsQuery userId={session.userId} panelId={activePanelId(session)} />
}

function FlagsQuery({ userId, panelId }: { userId: number; panelId: number | null }) {
  useFlagsSync(userId, panelId)
  return null
}

/**
 * What the shell adds for a signed-in user: the pending changes, the feature updates and the
 * feature flags' refresh.
 */
export function SignedInExtras({ session }: { session: Session }) {
  return (
    <>
      <FlagsSync session={session} />
      <PendingChangesWhenAny />
      <FeatureUpdates
        session={session}
        keepUnread={session.preferences[STAFF_WARNING_PREFERENCE] === true}
      />
    </>
  )
}
