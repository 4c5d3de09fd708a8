import { useId, useState, type MouseEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FeatureUpdate } from '#contracts/feature-updates.ts'
import { useOnline } from '../../offline/online-state'
import { QueryStatus } from '../../offline/QueryStatus'
import { Button, Checkbox } from '../../ui'
import { useModalDialog } from '../../ui/useModalDialog'
import { notifiesUpdates, setNotifiesUpdates } from './feature-updates.flags'
import { markUpdatesRead } from './feature-updates.mutations'
import {
  readFeatureUpdatesQueryOptions,
  unreadFeatureUpdatesQueryOptions,
  type FeatureUpdatesScope,
} from './feature-updates.queries'
import { UpdateDescription } from './UpdateDescription'
import styles from './FeatureUpdatesModal.module.css'

function UpdateItem({ update, isNew }: { update: FeatureUpdate; isNew: boolean }) {
  const { i18n } = useLingui()
  const created = new Date(update.createdAt * 1000)
  const titleId = useId()
  return (
    <li className={styles.item}>
      <article aria-labelledby={titleId}>
        <div className={styles.itemHead}>
          <h4 id={titleId} className={styles.itemTitle}>
            {update.title}
          </h4>
          {isNew ? (
            <span className={styles.newBadge}>
              <Trans>New</Trans>
            </span>
          ) : null}
        </div>
        <time className={styles.date} dateTime={created.toISOString()}>
          {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(created)}
        </time>
        <UpdateDescription html={update.description} />
      </article>
    </li>
  )
}

function UpdateList({ updates, isNew }: { updates: readonly FeatureUpdate[]; isNew: boolean }) {
  return (
    <ul className={styles.list}>
      {updates.map((update) => (
        <UpdateItem key={update.id} update={update} isNew={isNew} />
      ))}
    </ul>
  )
}

function ReadUpdates({ scope }: { scope: FeatureUpdatesScope }) {
  const query = useInfiniteQuery(readFeatureUpdatesQueryOptions(scope))
  const online = useOnline()
  return (
    <QueryStatus
      query={query}
      isEmpty={(data) => data.pages.every((page) => page.data.length === 0)}
      empty={
        <p className={styles.muted}>
          <Trans>No earlier updates.</Trans>
        </p>
      }
    >
      {(data) => {
        // Pages can overlap when updates were read between two fetches: show each update once.
        const seen = new Set<number>()
        const updates = data.pages
          .flatMap((page) => page.data)
          .filter((update) => !seen.has(update.id) && seen.add(update.id))
        return (
          <>
            <UpdateList updates={updates} isNew={false} />
            {query.hasNextPage ? (
              online ? (
                <Button
                  variant="secondary"
                  block
                  loading={query.isFetchingNextPage}
                  onClick={() => {
                    void query.fetchNextPage()
                  }}
                >
                  <Trans>Load more</Trans>
                </Button>
              ) : (
                <p className={styles.muted}>
                  <Trans>Connect to the internet to load earlier updates.</Trans>
                </p>
              )
            ) : null}
          </>
        )
      }}
    </QueryStatus>
  )
}

export type FeatureUpdatesModalProps = {
  scope: FeatureUpdatesScope
  /** Seeds 000 §4.5 staff-warning flag: closing leaves the updates unread. */
  keepUnread: boolean
  onClose: () => void
}

/**
 * The feature-updates modal (seeds 000 §2.8, §4.5): unread updates on top, read ones 5 a page
 * newest first with Load more. One close action (the header's Close; Escape and the backdrop do
 * the same) marks the unread ones read unless the staff-warning flag is set. A native modal <dialog>: the page behind is inert, focus
 * stays inside (Tab wraps) and returns to where it was.
 */
export function FeatureUpdatesModal({ scope, keepUnread, onClose }: FeatureUpdatesModalProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const unread = useQuery(unreadFeatureUpdatesQueryOptions(scope))
  const [notify, setNotify] = useState(notifiesUpdates)
  const titleId = useId()
  const newId = useId()
  const earlierId = useId()

  const dialog = useModalDialog(() => {
    const unreadUpdates = unread.data ?? []
    if (!keepUnread && unreadUpdates.length > 0) {
      void markUpdatesRead(queryClient, scope, unreadUpdates)
    }
    onClose()
  })

  // The dialog box has no padding of its own, so a click on the dialog element is on the backdrop.
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.ref.current) dialog.close()
  }

  return (
    <dialog
      {...dialog.dialogProps}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClick={handleClick}
    >
      <div className={styles.box}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            <Trans>What’s new</Trans>
          </h2>
          <Button variant="link" onClick={dialog.close} aria-label={t`Close what’s new`}>
            <Trans>Close</Trans>
          </Button>
        </div>
        <div className={styles.body}>
          {keepUnread ? (
            <p className={styles.staffNote}>
              <Trans>
                You are signed in as another user: closing this keeps their updates unread.
              </Trans>
            </p>
          ) : null}
          <section aria-labelledby={newId}>
            <h3 id={newId} className={styles.sectionTitle}>
              <Trans>New</Trans>
            </h3>
            <QueryStatus
              query={unread}
              isEmpty={(data) => data.length === 0}
              empty={
                <p className={styles.muted}>
                  <Trans>You are up to date.</Trans>
                </p>
              }
            >
              {(updates) => <UpdateList updates={updates} isNew />}
            </QueryStatus>
          </section>
          <section aria-labelledby={earlierId}>
            <h3 id={earlierId} className={styles.sectionTitle}>
              <Trans>Earlier</Trans>
            </h3>
            <ReadUpdates scope={scope} />
          </section>
        </div>
        <div className={styles.footer}>
          <Checkbox
            label={<Trans>Show new updates when I sign in</Trans>}
            checked={notify}
            onChange={(event) => {
              setNotify(event.target.checked)
              setNotifiesUpdates(event.target.checked)
            }}
          />
        </div>
      </div>
    </dialog>
  )
}
