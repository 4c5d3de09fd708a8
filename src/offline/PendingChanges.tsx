import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { navigateTo } from '../session/navigation'
import { Button } from '../ui'
import { findQueueableMutation, type SentValue } from './mutations'
import {
  discardFailedChange,
  retryFailedChange,
  setPendingChangesOpen,
  usePendingChangeCount,
  usePendingChanges,
  usePendingChangesOpen,
  type FailedChange,
  type QueuedChange,
  type Refusal,
} from './pending-changes'
import styles from './PendingChanges.module.css'

const FOCUSABLE = 'button:not([disabled]), a[href], input, select, textarea, [tabindex="0"]'

/** What a refusal means for people, by the server's stable code (by status when the code is new). */
const REFUSAL_MESSAGES: Record<string, MessageDescriptor> = {
  VALIDATION_FAIL: msg`The server did not accept these values.`,
  BAD_REQUEST: msg`The server did not accept these values.`,
  INVALID: msg`The server did not accept these values.`,
  FORBIDDEN: msg`You are not allowed to make this change.`,
  UNAUTHENTICATED: msg`You are not allowed to make this change.`,
  CONFLICT: msg`This was changed somewhere else in the meantime.`,
  PRECONDITION_FAILED: msg`This was changed somewhere else in the meantime.`,
  PRESET_IN_USE: msg`An alert uses this preset, so it cannot be changed.`,
  NOT_FOUND: msg`What this change applies to no longer exists.`,
  PAYLOAD_TOO_LARGE: msg`This change is too large to be sent.`,
}

/** The message shown for a refused change. */
export function refusalMessage(refusal: Refusal): MessageDescriptor {
  const byCode = REFUSAL_MESSAGES[refusal.code]
  if (byCode) return byCode
  if (refusal.status === 409 || refusal.status === 412) {
    return msg`This was changed somewhere else in the meantime.`
  }
  if (refusal.status === 403 || refusal.status === 401) {
    return msg`You are not allowed to make this change.`
  }
  if (refusal.status >= 500) return msg`The server could not save this change.`
  return msg`The server refused this change.`
}

function SentValues({ values }: { values: SentValue[] | null }) {
  const { i18n } = useLingui()
  if (values === null) {
    return (
      <p className={styles.muted}>
        <Trans>The values of this change can no longer be read.</Trans>
      </p>
    )
  }
  return (
    <dl className={styles.sent}>
      {values.map((line, index) => (
        <div key={index} className={styles.sentLine}>
          <dt>{typeof line.label === 'string' ? line.label : i18n._(line.label)}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  )
}

function ChangeHeading({ change }: { change: QueuedChange | FailedChange }) {
  const { i18n } = useLingui()
  const definition = findQueueableMutation(change.mutationKey)
  const label = definition ? i18n._(definition.label) : change.mutationKey.join(' ')
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(change.submittedAt))
  return (
    <div className={styles.itemHead}>
      <h3 className={styles.itemTitle}>{label}</h3>
      <p className={styles.muted}>
        <Trans>Made on {when}</Trans>
      </p>
    </div>
  )
}

function QueuedItem({ change }: { change: QueuedChange }) {
  const definition = findQueueableMutation(change.mutationKey)
  return (
    <li className={styles.item} data-testid="pending-change-queued">
      <ChangeHeading change={change} />
      <p className={styles.state}>
        {change.waiting ? <Trans>Waiting for a connection</Trans> : <Trans>Sending…</Trans>}
      </p>
      <SentValues values={definition?.summarize(change.variables) ?? null} />
    </li>
  )
}

function FailedItem({ change, onEdit }: { change: FailedChange; onEdit: () => void }) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const definition = findQueueableMutation(change.mutationKey)
  const edit = definition?.edit(change.variables) ?? null
  const fieldErrors = Object.entries(change.refusal.errors ?? {})
  const { code, status } = change.refusal

  const handleRetry = () => {
    setBusy(true)
    void retryFailedChange(change.id).finally(() => {
      setBusy(false)
    })
  }
  const handleEdit = () => {
    if (!edit) return
    const query = new URLSearchParams(edit.search ?? {}).toString()
    onEdit()
    navigateTo(query === '' ? edit.to : `${edit.to}?${query}`)
  }

  return (
    <li className={`${styles.item} ${styles.failed}`} data-testid="pending-change-failed">
      <ChangeHeading change={change} />
      <div className={styles.refusal} role="group" aria-label={i18n._(msg`Server's answer`)}>
        <p className={styles.refusalMessage}>{i18n._(refusalMessage(change.refusal))}</p>
        {fieldErrors.length > 0 ? (
          <ul className={styles.fieldErrors}>
            {fieldErrors.map(([field, codes]) => (
              <li key={field}>
                <code>{field}</code>: {Array.isArray(codes) ? codes.join(', ') : codes}
              </li>
            ))}
          </ul>
        ) : null}
        <p className={styles.muted}>
          <Trans>
            Code {code}, status {status}
          </Trans>
        </p>
      </div>
      <h4 className={styles.sentTitle}>
        <Trans>What was sent</Trans>
      </h4>
      <SentValues values={definition?.summarize(change.variables) ?? null} />
      <div className={styles.actions}>
        {edit ? (
          <Button variant="secondary" onClick={handleEdit} data-action="edit">
            <Trans>Edit</Trans>
          </Button>
        ) : null}
        <Button variant="primary" onClick={handleRetry} loading={busy} data-action="retry">
          <Trans>Retry</Trans>
        </Button>
        <Button
          variant="link"
          onClick={() => {
            discardFailedChange(change.id)
          }}
          data-action="discard"
        >
          <Trans>Discard</Trans>
        </Button>
      </div>
    </li>
  )
}

/**
 * The pending changes dialog: queued changes (waiting or being sent) and the ones the server
 * refused, each with what was sent; refused ones offer Edit, Retry and Discard. Modal: focus is
 * trapped inside, Escape and the Close button close it and focus returns where it was.
 */
export function PendingChangesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const { queued, failed } = usePendingChanges()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const root = document.getElementById('root')
    root?.setAttribute('inert', '')
    dialogRef.current?.focus()
    return () => {
      root?.removeAttribute('inert')
      previous?.focus()
    }
  }, [])

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialogRef.current) return
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
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

  const empty = queued.length === 0 && failed.length === 0

  return createPortal(
    <div className={styles.backdrop} onClick={onClose} data-testid="pending-changes-backdrop">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.dialog}
        onKeyDown={handleKeyDown}
        onClick={(event) => {
          event.stopPropagation()
        }}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            <Trans>Pending changes</Trans>
          </h2>
          <Button variant="link" onClick={onClose} aria-label={t`Close pending changes`}>
            <Trans>Close</Trans>
          </Button>
        </div>
        {empty ? (
          <p>
            <Trans>Every change you made has reached the server.</Trans>
          </p>
        ) : null}
        {failed.length > 0 ? (
          <section aria-labelledby={`${titleId}-failed`}>
            <h3 id={`${titleId}-failed`} className={styles.sectionTitle}>
              <Trans>Not accepted by the server</Trans>
            </h3>
            <ul className={styles.list}>
              {failed.map((change) => (
                <FailedItem key={change.id} change={change} onEdit={onClose} />
              ))}
            </ul>
          </section>
        ) : null}
        {queued.length > 0 ? (
          <section aria-labelledby={`${titleId}-queued`}>
            <h3 id={`${titleId}-queued`} className={styles.sectionTitle}>
              <Trans>Waiting to be sent</Trans>
            </h3>
            <p className={styles.muted}>
              <Trans>These are sent in order as soon as you are back online.</Trans>
            </p>
            <ul className={styles.list}>
              {queued.map((change) => (
                <QueuedItem key={change.id} change={change} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>,
    document.body,
  )
}

/** A small status button that opens the panel while changes are queued or refused. */
export function PendingChangesIndicator() {
  const count = usePendingChangeCount()
  const failedCount = usePendingChanges().failed.length
  if (count === 0) return null
  return (
    <div className={styles.indicatorBar} role="status">
      <button
        type="button"
        className={`${styles.indicator} ${failedCount > 0 ? styles.indicatorFailed : ''}`}
        onClick={() => {
          setPendingChangesOpen(true)
        }}
        data-testid="pending-changes-indicator"
      >
        {failedCount > 0 ? (
          <Trans>
            Pending changes ({count}): {failedCount} not accepted
          </Trans>
        ) : (
          <Trans>Pending changes ({count})</Trans>
        )}
      </button>
    </div>
  )
}

/** The indicator plus the dialog, mounted once in the shell for signed-in users. */
export function PendingChanges() {
  const open = usePendingChangesOpen()
  return (
    <>
      <PendingChangesIndicator />
      {open ? (
        <PendingChangesDialog
          onClose={() => {
            setPendingChangesOpen(false)
          }}
        />
      ) : null}
    </>
  )
}
