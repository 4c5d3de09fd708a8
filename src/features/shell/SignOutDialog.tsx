import { useId, type MouseEvent } from 'react'
import { createPortal } from 'react-dom'
import { Trans } from '@lingui/react/macro'
import { KeptChangesText } from '../../offline/KeptChangesText'
import type { QueuedChangesOnEnd } from '../../session'
import { Button } from '../../ui'
import { useModalDialog } from '../../ui/useModalDialog'
import { useOpenMotion } from './open-motion'
import dialogStyles from '../../ui/Dialog.module.css'
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
  // The sheet rises into place (the account menu that asked for it has fetched the animator).
  useOpenMotion(dialog.ref)

  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.ref.current) dialog.close()
  }

  return createPortal(
    <dialog
      {...dialog.dialogProps}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClick={handleClick}
      data-testid="sign-out-dialog"
    >
      <div className={dialogStyles.dialogBox}>
        <h2 id={titleId} className={dialogStyles.dialogTitle}>
          <Trans>Sign out with changes not sent?</Trans>
        </h2>
        <div id={textId} className={styles.texts}>
          <KeptChangesText
            count={count}
            moment="before-sign-out"
            titleClassName={styles.text}
            textClassName={styles.text}
          />
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
