import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FeatureUpdate } from '#contracts/feature-updates.ts'
import { useOnline } from '../../offline/online-state'
import { QueryStatus } from '../../offline/QueryStatus'
import { Button, Checkbox } from '../../ui'
import { notifiesUpdates, setNotifiesUpdates } from './feature-updates.flags'
import { markUpdatesRead } from './feature-updates.mutations'
import {
  readFeatureUpdatesQueryOptions,
  unreadFeatureUpdatesQueryOptions,
  type FeatureUpdatesScope,
} from './feature-updates.queries'
import { UpdateDescription } from './UpdateDescription'
import styles from './FeatureUpdatesModal.module.css'

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex="0"]'

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
 * newest first with Load more. Closing it (button, Escape, backdrop) marks the unread ones read
 * unless the staff-warning flag is set. A native modal <dialog>: the page behind is inert, focus
 * stays inside (Tab wraps) and returns to where it was.
 */
export function FeatureUpdatesModal({ scope, keepUnread, onClose }: FeatureUpdatesModalProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const unread = useQuery(unreadFeatureUpdatesQueryOptions(scope))
  const [notify, setNotify] = useState(notifiesUpdates)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closed = useRef(false)
  const titleId = useId()
  const newId = useId()
  const earlierId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // The dialog itself, not its first control: the title is read first and nothing is pressed by accident.
    dialog.focus()
    return () => {
      if (dialog.open) dialog.close()
      previous?.focus()
    }
  }, [])

  const handleClose = () => {
    // Escape, the backdrop and the button can race (cancel then click): act once.
    if (closed.current) return
    closed.current = true
    const unreadUpdates = unread.data ?? []
    if (!keepUnread && unreadUpdates.length > 0) {
      void markUpdatesRead(queryClient, scope, unreadUpdates)
    }
    onClose()
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      handleClose()
      return
    }
    if (event.key !== 'Tab' || !dialogRef.current) return
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    const first = focusable[0]
    const last = focusable.at(-1)
    if (!first || !last) return
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  // The dialog box has no padding of its own, so a click on the dialog element is on the backdrop.
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialogRef.current) handleClose()
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
      onCancel={(event) => {
        event.preventDefault()
        handleClose()
      }}
    >
      <div className={styles.box}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            <Trans>What’s new</Trans>
          </h2>
          <Button variant="link" onClick={handleClose} aria-label={t`Close what’s new`}>
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
          <Button variant="primary" onClick={handleClose}>
            <Trans>Done</Trans>
          </Button>
        </div>
      </div>
    </dialog>
  )
}
