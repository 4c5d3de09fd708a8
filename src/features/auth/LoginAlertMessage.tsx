import { Plural, Trans } from '@lingui/react/macro'
import type { LoginAlert } from '../../lib/login-alerts'
import { AppLink } from '../../navigation/navigation'
import { Alert } from '../../ui'
import { authStyles as styles } from './AuthLayout'
import { AUTH_LINKS } from './auth-links'

/** The next step of a migrated account: sign in on the other platform (an external link). */
export function MigratedSignIn() {
  return (
    <>
      <p className={styles.text}>
        <Trans>Sign-in for your account is now on another platform.</Trans>
      </p>
      <a href={AUTH_LINKS.migratedSignIn} className={styles.link} rel="noopener">
        <Trans>Sign in on the new platform</Trans>
      </a>
    </>
  )
}

/** The translated alert(s) of seeds 8.1 for one login refusal. */
export function LoginAlertMessage({ alert }: { alert: LoginAlert }) {
  switch (alert.kind) {
    case 'failed':
      return (
        <>
          <Alert variant="error" title={<Trans>Sign-in failed</Trans>}>
            <Trans>Check your email and password and try again.</Trans>
          </Alert>
          {alert.remainingAttempts !== null ? (
            <Alert variant="warning" title={<Trans>Your account will soon be locked</Trans>}>
              <p className={styles.text}>
                <Plural
                  value={alert.remainingAttempts}
                  one="You have # attempt left before your account is locked."
                  other="You have # attempts left before your account is locked."
                />
              </p>
              {alert.lockoutMinutes !== null ? (
                <p className={styles.text}>
                  <Plural
                    value={alert.lockoutMinutes}
                    one="The lock lasts # minute."
                    other="The lock lasts # minutes."
                  />
                </p>
              ) : null}
            </Alert>
          ) : null}
        </>
      )
    case 'locked':
      return (
        <Alert variant="error" title={<Trans>Your account is locked</Trans>}>
          <p className={styles.text}>
            {alert.permanent ? (
              <Trans>Too many failed sign-in attempts. Reset your password to unlock it.</Trans>
            ) : alert.minutes !== null ? (
              <Plural
                value={alert.minutes}
                one="Too many failed sign-in attempts. Try again in # minute or reset your password."
                other="Too many failed sign-in attempts. Try again in # minutes or reset your password."
              />
            ) : (
              <Trans>
                Too many failed sign-in attempts. Try again later or reset your password.
              </Trans>
            )}
          </p>
          <AppLink to="/request-password" className={styles.link}>
            <Trans>Reset your password</Trans>
          </AppLink>
        </Alert>
      )
    case 'disabled':
      return (
        <Alert variant="error" title={<Trans>Account not supported</Trans>}>
          <p className={styles.text}>
            <Trans>
              This account has no access to this product. Sign in with another account, or ask us
              for help if you think this is a mistake.
            </Trans>
          </p>
          <AppLink to={AUTH_LINKS.supportRequest} className={styles.link}>
            <Trans>Ask for help</Trans>
          </AppLink>
        </Alert>
      )
    case 'migrated':
      return (
        <Alert variant="info" title={<Trans>Your account has moved</Trans>}>
          <MigratedSignIn />
        </Alert>
      )
    case 'authFailed':
      return (
        <Alert variant="error" title={<Trans>Auth failed</Trans>}>
          <Trans>The sign-in could not be completed. Please try again.</Trans>
        </Alert>
      )
    case 'expired':
      return null
  }
}
