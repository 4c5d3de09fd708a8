import { useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { postSendPasswordResetEmail } from '../../api/auth.api'
import { ApiError, NetworkError } from '../../api/http'
import { findLocale } from '#contracts/locales.ts'
import { Alert, Button, PageTitle, TextField } from '../../ui'
import { AuthLayout, authStyles as styles } from './AuthLayout'

type RequestState =
  { status: 'idle' | 'loading' | 'sent' | 'offline' } | { status: 'failed'; notFound: boolean }

/** Seeds 2.3 /request-password: asks for the reset link by email. */
export function RequestPasswordPage() {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  const [state, setState] = useState<RequestState>({ status: 'idle' })

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const address = email.trim()
    if (address === '') return
    setState({ status: 'loading' })
    try {
      await postSendPasswordResetEmail(address, findLocale(i18n.locale)?.api)
      setState({ status: 'sent' })
    } catch (error) {
      if (error instanceof NetworkError) setState({ status: 'offline' })
      else {
        const notFound = error instanceof ApiError && error.code === 'EMAIL_NOT_FOUND'
        setState({ status: 'failed', notFound })
      }
    }
  }

  return (
    <AuthLayout>
      <PageTitle
        documentTitle={t`Reset your password`}
        subtitle={
          <Trans>Enter your email and we will send you a link to set a new password.</Trans>
        }
      >
        <Trans>Reset your password</Trans>
      </PageTitle>
      {state.status === 'sent' ? (
        <Alert variant="success" title={<Trans>Email sent</Trans>}>
          <Trans>Check your inbox for the link to reset your password.</Trans>
        </Alert>
      ) : null}
      {state.status === 'failed' ? (
        <Alert variant="error" title={<Trans>The reset email could not be sent</Trans>}>
          {state.notFound ? (
            <Trans>There is no account with that email address.</Trans>
          ) : (
            <Trans>Please try again later.</Trans>
          )}
        </Alert>
      ) : null}
      {state.status === 'offline' ? (
        <Alert variant="warning" title={<Trans>You are offline</Trans>}>
          <Trans>Sending the reset email needs an internet connection.</Trans>
        </Alert>
      ) : null}
      <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
          }}
        />
        <Button type="submit" block loading={state.status === 'loading'}>
          <Trans>Send</Trans>
        </Button>
      </form>
      <Link to="/login" className={styles.link}>
        <Trans>Back to sign in</Trans>
      </Link>
    </AuthLayout>
  )
}
