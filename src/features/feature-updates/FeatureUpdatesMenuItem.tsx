import { Plural, Trans } from '@lingui/react/macro'
import type { Session } from '../../session'
import { MenuItem } from '../../ui/MenuButton'
import { setFeatureUpdatesOpen } from './feature-updates.flags'
import { useSessionFeatureUpdates } from './FeatureUpdates'
import { WithQueryClient } from './with-query-client'
import styles from './FeatureUpdatesMenu.module.css'

function UnreadCount({ count }: { count: number }) {
  return (
    <span className={styles.badge} data-testid="feature-updates-badge">
      <span aria-hidden="true">{count}</span>
      <span className="wb-visually-hidden">
        <Plural value={count} one="(# new update)" other="(# new updates)" />
      </span>
    </span>
  )
}

/** The unread count after the account button: a visible number and words for screen readers. */
export function FeatureUpdatesBadge({ session }: { session: Session }) {
  return (
    <WithQueryClient>
      <Badge session={session} />
    </WithQueryClient>
  )
}

function Badge({ session }: { session: Session }) {
  const { unreadCount } = useSessionFeatureUpdates(session)
  return unreadCount === 0 ? null : <UnreadCount count={unreadCount} />
}

/** Seeds 000 §2.2 account switcher entry "feature updates": opens the modal, with the unread count. */
export function FeatureUpdatesMenuItem({ session }: { session: Session }) {
  return (
    <WithQueryClient>
      <Item session={session} />
    </WithQueryClient>
  )
}

function Item({ session }: { session: Session }) {
  const { scope, unreadCount } = useSessionFeatureUpdates(session)
  if (scope === null) return null
  return (
    <MenuItem
      onClick={() => {
        setFeatureUpdatesOpen(true)
      }}
    >
      <span className={styles.label}>
        <Trans>What’s new</Trans>
      </span>
      {unreadCount > 0 ? <UnreadCount count={unreadCount} /> : null}
    </MenuItem>
  )
}
