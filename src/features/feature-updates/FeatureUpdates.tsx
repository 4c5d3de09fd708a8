import { lazy, Suspense, useEffect, useMemo } from 'react'
import { isVolunteer, type Session } from '../../session'
import { featureUpdateApps, featureUpdateTypeFor } from './feature-update-type'
import {
  notifiesUpdates,
  rememberAutoOpened,
  setFeatureUpdatesOpen,
  useFeatureUpdatesOpen,
  wasAutoOpened,
} from './feature-updates.flags'
import { useFeatureUpdatesScope, useUnreadFeatureUpdates } from './feature-updates.queries'
import { WithQueryClient } from './with-query-client'

// The modal (and its HTML renderer) loads when it first opens: most sessions never open it, and
// it must not weigh on the first page.
const FeatureUpdatesModal = lazy(() =>
  import('./FeatureUpdatesModal').then((module) => ({ default: module.FeatureUpdatesModal })),
)

/** The scope of the signed-in user's updates in the active view (null: none for this view). */
export function useSessionFeatureUpdates(session: Session) {
  const type = featureUpdateTypeFor(session.view, isVolunteer(session.accessibles))
  const apps = useMemo(() => featureUpdateApps(session), [session])
  const scope = useFeatureUpdatesScope(session.userId, type, apps)
  const unread = useUnreadFeatureUpdates(scope)
  return { scope, unread, unreadCount: scope === null ? 0 : (unread.data?.length ?? 0) }
}

export type FeatureUpdatesProps = {
  session: Session
  /** The staff-warning flag: the modal then leaves updates unread when closed. */
  keepUnread: boolean
}

/**
 * Mounted once in the shell for a signed-in user: opens the modal by itself once per sign-in when
 * the server reports unread updates (unless the notify-updates flag is off), and whenever the
 * account menu asks.
 */
export function FeatureUpdates(props: FeatureUpdatesProps) {
  return (
    <WithQueryClient>
      <FeatureUpdatesHost {...props} />
    </WithQueryClient>
  )
}

function FeatureUpdatesHost({ session, keepUnread }: FeatureUpdatesProps) {
  const { scope, unread, unreadCount } = useSessionFeatureUpdates(session)
  const open = useFeatureUpdatesOpen()
  const userId = session.userId
  // Only the server's answer counts: a count restored from the device's cache may be old.
  const fresh = unread.isFetchedAfterMount

  useEffect(() => {
    if (!fresh || unreadCount === 0) return
    if (!notifiesUpdates() || wasAutoOpened(userId)) return
    rememberAutoOpened(userId)
    setFeatureUpdatesOpen(true)
  }, [fresh, unreadCount, userId])

  if (!open || scope === null) return null
  return (
    <Suspense fallback={null}>
      <FeatureUpdatesModal
        scope={scope}
        keepUnread={keepUnread}
        onClose={() => {
          setFeatureUpdatesOpen(false)
        }}
      />
    </Suspense>
  )
}
