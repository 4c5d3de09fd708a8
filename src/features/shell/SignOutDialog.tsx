import { useId, type MouseEvent } from 'react'
import { createPortal } from 'react-dom'
import { Plural, Trans } from '@lingui/react/macro'
import type { QueuedChangesOnEnd } from '../../session'
import { Button } from '../../ui'
import { useModalDialog } from '../../ui/useModalDialog'
import styles from './SignOutDialog.module.css'

export type SignOutDialogProps = {
  /** How many changes are queued (made offline, not yet sent). */
  count: number
  /** Signs out, keeping the queued changes for this user or discarding them. */
  onSignOut: (queuedChanges: QueuedChangesOnEnd) => void
  /** Stays signed in. */
  onCancel: () => void
}

/**
 * Asked before a sign-out while changes are still queued: "Send when back online" keeps them for
 * this user (sent once they sign in again), Discard drops them, Cancel (also Escape and the
 * backdrop) stays signed in. A native modal <dialog>.
 */
export function SignOutDialog({ count, onSignOut, onCancel }: SignOutDialogProps) {
  const titleId = useId()
  const textId = useId()
  const dialog = useModalDialog(onCancel)

  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.ref.current) dialog.close()
  }

  return createPortal(
    <dialog
      {...dialog.dialogProps}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClick={handleClick}
      data-testid="sign-out-dialog"
    >
      <div className={styles.box}>
        <h2 id={titleId} className={styles.title}>
          <Trans>Log out with changes not sent?</Trans>
        </h2>
        <div id={textId} className={styles.texts}>
          <p className={styles.text}>
            <Plural
              value={count}
              one="# change you made on this device has not reached the server yet."
              other="# changes you made on this device have not reached the server yet."
            />
          </p>
          <p className={styles.text}>
            <Plural
              value={count}
              one="Keep it, and it is sent once you sign in again with this account and are online. Discard it, and it is lost."
              other="Keep them, and they are sent once you sign in again with this account and are online. Discard them, and they are lost."
            />
          </p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="primary"
            onClick={() => {
              onSignOut('keep')
            }}
          >
            <Trans>Send when back online</Trans>
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              onSignOut('discard')
            }}
          >
            <Trans>Discard</Trans>
          </Button>
          <Button variant="link" onClick={dialog.close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </div>
    </dialog>,
    document.body,
  )
}
