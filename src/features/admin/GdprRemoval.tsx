import { useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import type { AdminUserDetail } from '#contracts/admin.ts'
import { CommonCodes } from '#contracts/errors.ts'
import { adminKeys } from '../../api/admin.api'
import { auditKeys, removePersonalData } from '../../api/admin-audit.api'
import { ApiError, NetworkError } from '../../api/http'
import { Alert, Button, Card, TextField } from '../../ui'
import { ConfirmDialog } from '../../ui'
import { useAdmin } from './shared'
import styles from './Admin.module.css'

type Step = 'idle' | 'explain' | 'type-email'

/** Whether what was typed names the account (the address, whatever its case or spaces). */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase() && email.trim() !== ''
}

/** A refused removal in the admin's words (seeds 001 §7.5; server/services/admin/gdpr.routes.ts). */
function useRemovalError(): (error: unknown) => string {
  const { t } = useLingui()
  return (error) => {
    if (error instanceof NetworkError) {
      return t`You are offline: personal data can be removed once you are back online.`
    }
    if (error instanceof ApiError) {
      if (error.code === CommonCodes.FORBIDDEN) {
        return t`Only a super admin of the organisation can remove a user’s personal data.`
      }
      if (error.code === CommonCodes.NOT_FOUND) {
        return t`This user could not be found in your organisation.`
      }
      if (error.code === CommonCodes.VALIDATION_FAIL) {
        return t`You cannot remove your own account’s personal data.`
      }
    }
    return t`The personal data could not be removed. Try again.`
  }
}

/**
 * Seeds 001 §7.5 GDPR removal from the user's page (issue 25), for a super admin of the
 * organisation or global access: confirmed twice — what it does, then the user's email address
 * typed again — after which the page shows the account as removed (the server keeps the
 * anonymised account and its results, and logs the removal by ids only).
 */
export function GdprRemoval({ detail }: { detail: AdminUserDetail }) {
  const { t } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>('idle')
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [mismatch, setMismatch] = useState(false)
  const errorText = useRemovalError()
  const { user } = detail

  const close = () => {
    setStep('idle')
    setTyped('')
    setMismatch(false)
  }

  const handleRemove = async (event?: SyntheticEvent) => {
    event?.preventDefault()
    if (!confirmsEmail(typed, user.email)) {
      setMismatch(true)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      await removePersonalData(user.id)
      await queryClient.invalidateQueries({ queryKey: adminKeys.users(admin.panelId) })
      void queryClient.invalidateQueries({
        queryKey: auditKeys.of(admin.panelId, { kind: 'user', id: user.id }),
      })
      close()
    } catch (error) {
      setFailure(errorText(error))
      close()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Remove personal data</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Removes this user’s name, email address, sign-ups, mails, help requests and sign-in tokens
          everywhere they are kept, and disables the account. Their results stay, anonymised. This
          cannot be undone.
        </Trans>
      </p>
      {failure !== null ? (
        <Alert variant="error" title={<Trans>The personal data was not removed</Trans>}>
          {failure}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            setFailure(null)
            setStep('explain')
          }}
        >
          <Trans>Remove personal data…</Trans>
        </Button>
      </div>
      {step === 'explain' ? (
        <ConfirmDialog
          title={<Trans>Remove this user’s personal data?</Trans>}
          confirmLabel={<Trans>Continue</Trans>}
          onConfirm={() => {
            setStep('type-email')
          }}
          onCancel={close}
        >
          <p className={styles.muted}>
            <Trans>
              The account, its sign-ups, mails, help requests and tokens lose every personal detail
              at once, and the user can no longer sign in. This cannot be undone.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
      {step === 'type-email' ? (
        <ConfirmDialog
          title={<Trans>Type the user’s email address to confirm</Trans>}
          confirmLabel={<Trans>Remove personal data</Trans>}
          busy={busy}
          onConfirm={() => void handleRemove()}
          onCancel={close}
        >
          <form noValidate onSubmit={(e) => void handleRemove(e)}>
            <TextField
              label={<Trans>Email address</Trans>}
              hint={<bdi dir="ltr">{user.email}</bdi>}
              name="gdpr-confirm-email"
              type="email"
              autoComplete="off"
              dir="ltr"
              value={typed}
              error={mismatch ? t`This is not the user’s email address.` : undefined}
              onChange={(event) => {
                setTyped(event.target.value)
                setMismatch(false)
              }}
            />
          </form>
        </ConfirmDialog>
      ) : null}
    </Card>
  )
}

/** The user's page once their personal data is gone (the account stays, anonymised). */
export function RemovedAccount() {
  return (
    <Alert variant="info" title={<Trans>This user’s personal data was removed</Trans>}>
      <Trans>
        The account is disabled and keeps no name or email address; its results stay, anonymised.
      </Trans>
    </Alert>
  )
}
