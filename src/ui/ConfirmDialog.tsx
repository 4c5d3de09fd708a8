import { useId, type MouseEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Trans } from '@lingui/react/macro'
import { Button } from './Button'
import { useModalDialog } from './useModalDialog'
import styles from './Dialog.module.css'

export type ConfirmDialogProps = {
  title: ReactNode
  children: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  onCancel: () => void
  busy?: boolean
}

/**
 * Asked before a change takes effect that cannot be undone (deactivate an agent, delete a field,
 * delete a dashboard): a modal dialog with the confirming action first and Cancel.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
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
    >
      <div className={styles.dialogBox}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <div id={textId}>{children}</div>
        <div className={styles.actions}>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
          <Button variant="text" onClick={dialog.close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </div>
    </dialog>,
    document.body,
  )
}
