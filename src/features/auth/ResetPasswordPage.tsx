import { useEffect, useState, type SyntheticEvent } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { postIsPasswordResetTokenValid, postResetPassword } from '../../api/auth.api'
import { ApiError, NetworkError } from '../../api/http'
import { usePasswordChecklist } from '../../forms'
import { Alert, Button, PageTitle, PasswordField, Spinner } from '../../ui'
import { AuthLayout, authStyles as styles } from './AuthLayout'

export type ResetPasswordPageProps = {
  userId: number
  token: string
  /** The expired-password variant (different title and button, expiry period shown). */
  expired?: boolean
  /** Password expiry period in days (expired variant). */
  days?: number
}

type TokenState = 'checking' | 'valid' | 'invalid' | 'offline' | 'error'
type SubmitState =
  | { status: 'idle' | 'saving' | 'done' }
  | { status: 'failed'; reason: 'unchanged' | 'format' | 'invalidToken' | 'offline' | 'other' }

// Only the server's verdict on the token means "invalid"; a 5xx or a proxy error is not one.
function tokenFailure(error: unknown): TokenState {
  if (error instanceof NetworkError) return 'offline'
  if (error instanceof ApiError && (error.code === 'INVALID_TOKEN' || error.status === 400)) {
    return 'invalid'
  }
  return 'error'
}

function failureReason(
  error: unknown,
): 'unchanged' | 'format' | 'invalidToken' | 'offline' | 'other' {
  if (error instanceof NetworkError) return 'offline'
  if (!(error instanceof ApiError)) return 'other'
  if (error.code === 'INVALID_TOKEN') return 'invalidToken'
  const codes = [error.errors?.password ?? []].flat()
  if (codes.includes('PASSWORD_UNCHANGED')) return 'unchanged'
  if (codes.includes('INVALID_PASSWORD_FORMAT')) return 'format'
  return 'other'
}

/** Seeds 2.3 /reset-password and /expired-password: checks the link, then sets a new password. */
export function ResetPasswordPage({
  userId,
  token,
  expired = false,
  days,
}: ResetPasswordPageProps) {
  const { t } = useLingui()
  const [tokenState, setTokenState] = useState<TokenState>('checking')
  const [attempt, setAttempt] = useState(0)
  const [password, setPassword] = useState('')
  const [submit, setSubmit] = useState<SubmitState>({ status: 'idle' })
  const checklist = usePasswordChecklist(password)

  useEffect(() => {
    let cancelled = false
    postIsPasswordResetTokenValid(userId, token).then(
      () => {
        if (!cancelled) setTokenState('valid')
      },
      (error: unknown) => {
        if (!cancelled) setTokenState(tokenFailure(error))
      },
    )
    return () => {
      cancelled = true
    }
  }, [userId, token, attempt])

  const handleRetry = () => {
    setTokenState('checking')
    setAttempt((n) => n + 1)
  }

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!checklist.valid) return
    setSubmit({ status: 'saving' })
    try {
      await postResetPassword(userId, token, password)
      setSubmit({ status: 'done' })
    } catch (error) {
      const reason = failureReason(error)
      if (reason === 'invalidToken') setTokenState('invalid')
      setSubmit({ status: 'failed', reason })
    }
  }

  const title =
    submit.status === 'done'
      ? t`Your new password is set`
      : expired
        ? t`Your password has expired`
        : t`Choose a new password`
  const fieldError =
    submit.status === 'failed' && submit.reason === 'unchanged' ? (
      <Trans>The new password must be different from your current password.</Trans>
    ) : password !== '' && !checklist.valid ? (
      <Trans>This password does not meet the requirements yet.</Trans>
    ) : undefined

  return (
    <AuthLayout>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {tokenState === 'checking' ? <Spinner label={t`Checking your link…`} /> : null}
      {tokenState === 'offline' ? (
        <Alert variant="warning" title={<Trans>You are offline</Trans>}>
          <Trans>
            Checking your link needs an internet connection. Reload the page when online.
          </Trans>
        </Alert>
      ) : null}
      {tokenState === 'error' ? (
        <>
          <Alert variant="error" title={<Trans>Your link could not be checked</Trans>}>
            <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
          </Alert>
          <Button variant="secondary" onClick={handleRetry}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : null}
      {tokenState === 'invalid' ? (
        <Alert variant="error" title={<Trans>This link cannot be used</Trans>}>
          <Trans>
            The link is invalid, has already been used or has expired. Request a new one to reset
            your password.
          </Trans>
        </Alert>
      ) : null}
      {tokenState === 'invalid' ? (
        <Link to="/request-password" className={styles.link}>
          <Trans>Request a new link</Trans>
        </Link>
      ) : null}
      {submit.status === 'done' ? (
        <>
          <Alert variant="success" title={<Trans>Password changed</Trans>}>
            <Trans>You can now sign in with your new password.</Trans>
          </Alert>
          <Link to="/login" className={styles.link}>
            <Trans>Back to sign in</Trans>
          </Link>
        </>
      ) : null}
      {tokenState === 'valid' && submit.status !== 'done' ? (
        <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
          {expired && days !== undefined ? (
            <p className={styles.text}>
              <Plural
                value={days}
                one="Passwords expire every # day. Choose a new password to continue."
                other="Passwords expire every # days. Choose a new password to continue."
              />
            </p>
          ) : null}
          {submit.status === 'failed' && submit.reason !== 'unchanged' ? (
            <Alert variant="error" title={<Trans>Password change failed</Trans>}>
              {submit.reason === 'offline' ? (
                <Trans>Changing your password needs an internet connection.</Trans>
              ) : (
                <Trans>Please try again.</Trans>
              )}
            </Alert>
          ) : null}
          <PasswordField
            label={<Trans>New password</Trans>}
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            error={fieldError}
            hint={checklist.hint}
            showLabel={t`Show`}
            hideLabel={t`Hide`}
            onChange={(e) => {
              setPassword(e.target.value)
              if (submit.status === 'failed') setSubmit({ status: 'idle' })
            }}
          />
          {checklist.list}
          <Button
            type="submit"
            block
            disabled={!checklist.valid}
            loading={submit.status === 'saving'}
          >
            {expired ? <Trans>Update password</Trans> : <Trans>Reset password</Trans>}
          </Button>
        </form>
      ) : null}
    </AuthLayout>
  )
}
