import { useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { LoginErrorDataSchema } from '#contracts/auth.ts'
import { ApiError, NetworkError } from '../../api/http'
import { loadFullCatalog } from '../../i18n/i18n'
import { AppLink, useNavigation } from '../../navigation/navigation'
import { signedInChrome } from '../shell/signed-in-slot'
import { loginAlert, type LoginAlert } from '../../lib/login-alerts'
import { login } from '../../session'
import { Alert, Button, PageTitle, PasswordField, TextField } from '../../ui'
import { AuthLayout, authStyles as styles } from './AuthLayout'
import { LoginAlertMessage, MigratedSignIn } from './LoginAlertMessage'
import { useOnline } from '../../offline/online-state'
import { InstallAppPanel } from '../../offline/install-app'

export type LoginPageProps = {
  /** The page to return to after signing in (validated as same-origin by the session). */
  continueTo?: string
  /** accountMigrated=true: sign-in moved to another platform. */
  accountMigrated?: boolean
}

type LoginState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'refused'; alert: LoginAlert }

// Read at call time: the answer changes while a request is out.
const isOffline = (): boolean => !navigator.onLine

function alertFor(error: unknown): LoginAlert {
  if (error instanceof ApiError) {
    const data = v.safeParse(LoginErrorDataSchema, error.data ?? {})
    return loginAlert(error.code, data.success ? data.output : {})
  }
  return loginAlert('NETWORK')
}

/** Seeds 2.3 /login: email, password, alerts of seeds 8.1 and the login sequence of seeds 4.1. */
export function LoginPage({ continueTo, accountMigrated = false }: LoginPageProps) {
  const { t } = useLingui()
  const { navigate, prepare } = useNavigation()
  const online = useOnline()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [state, setState] = useState<LoginState>({ status: 'idle' })
  const [missing, setMissing] = useState({ email: false, password: false })

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Seeds 5: a missing field says "please provide …" under it and nothing is sent.
    const blank = { email: email.trim() === '', password: password.trim() === '' }
    setMissing(blank)
    if (blank.email || blank.password) {
      const first = event.currentTarget.querySelector<HTMLInputElement>(
        blank.email ? 'input[name="email"]' : 'input[name="password"]',
      )
      first?.focus()
      return
    }
    if (isOffline()) {
      setState({ status: 'offline' })
      return
    }
    setState({ status: 'loading' })
    // The pages behind the sign-in need the rest of the catalog, the data layer, the shell's
    // signed-in parts and, when this page was opened first, the router: fetched with the sign-in
    // request, so /login's first load stays without them and the next page (and the bar's
    // account menu) waits for no more.
    // Loaded again, awaited, before the next page renders (src/routes/__root.tsx).
    loadFullCatalog().catch(() => undefined)
    signedInChrome.load().catch(() => undefined)
    prepare()
    try {
      const { to } = await login({ email: email.trim(), password: password.trim() }, continueTo)
      // In the form's place: Back from the next page does not return to a form that sends on.
      await navigate(to, { replace: true })
    } catch (error) {
      if (error instanceof NetworkError && isOffline()) {
        setState({ status: 'offline' })
        return
      }
      const alert = alertFor(error)
      if (alert.kind === 'expired') {
        await navigate(alert.to)
        return
      }
      setState({ status: 'refused', alert })
    }
  }

  const locked = state.status === 'refused' && state.alert.kind === 'locked'
  const showOffline = !online || state.status === 'offline'

  return (
    <AuthLayout>
      <PageTitle documentTitle={t`Sign in`}>
        <Trans>Sign in</Trans>
      </PageTitle>
      {accountMigrated ? (
        <Alert variant="info" title={<Trans>Sign-in has moved</Trans>}>
          <MigratedSignIn />
        </Alert>
      ) : null}
      {showOffline ? (
        <Alert variant="warning" title={<Trans>You are offline</Trans>}>
          <Trans>
            Signing in needs an internet connection. Try again when you are back online.
          </Trans>
        </Alert>
      ) : null}
      {state.status === 'refused' ? <LoginAlertMessage alert={state.alert} /> : null}
      {locked ? (
        <Button
          variant="secondary"
          onClick={() => {
            setState({ status: 'idle' })
          }}
        >
          <Trans>Back to sign in</Trans>
        </Button>
      ) : (
        // Focus in the form (the user is about to sign in): the next page's code is fetched.
        <form
          className={styles.form}
          onSubmit={(e) => void handleSubmit(e)}
          onFocus={prepare}
          noValidate
        >
          <TextField
            label={<Trans>Email</Trans>}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            error={missing.email ? <Trans>Please provide your email.</Trans> : undefined}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
            }}
            onBlur={() => {
              setEmail((current) => current.trim())
            }}
          />
          <PasswordField
            label={<Trans>Password</Trans>}
            name="password"
            autoComplete="current-password"
            required
            error={missing.password ? <Trans>Please provide your password.</Trans> : undefined}
            value={password}
            showLabel={t`Show`}
            hideLabel={t`Hide`}
            onChange={(e) => {
              setPassword(e.target.value)
            }}
          />
          <Button type="submit" block loading={state.status === 'loading'}>
            {state.status === 'loading' ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
          </Button>
          <div className={styles.actions}>
            <AppLink to="/request-password" className={styles.link}>
              <Trans>Forgot your password?</Trans>
            </AppLink>
          </div>
        </form>
      )}
      <InstallAppPanel />
    </AuthLayout>
  )
}
