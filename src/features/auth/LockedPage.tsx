import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lockoutMinutes } from '../../lib/login-alerts'
import { Alert, PageTitle } from '../../ui'
import { AuthLayout, authStyles as styles } from './AuthLayout'

/** Seeds 2.3 /locked?duration=<seconds>: the lock message with minutes. */
export function LockedPage({ durationSeconds }: { durationSeconds?: number }) {
  const { t } = useLingui()
  const minutes = lockoutMinutes(durationSeconds)
  return (
    <AuthLayout>
      <PageTitle documentTitle={t`Account locked`}>
        <Trans>Your account is locked</Trans>
      </PageTitle>
      <Alert variant="error">
        {minutes !== null ? (
          <Plural
            value={minutes}
            one="Too many failed sign-in attempts. Try again in # minute or reset your password."
            other="Too many failed sign-in attempts. Try again in # minutes or reset your password."
          />
        ) : (
          <Trans>Too many failed sign-in attempts. Reset your password to unlock it.</Trans>
        )}
      </Alert>
      <div className={styles.actions}>
        <Link to="/request-password" className={styles.link}>
          <Trans>Reset your password</Trans>
        </Link>
        <Link to="/login" className={styles.link}>
          <Trans>Back to sign in</Trans>
        </Link>
      </div>
    </AuthLayout>
  )
}
