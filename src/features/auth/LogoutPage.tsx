import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Alert, PageTitle } from '../../ui'
import { AuthLayout, authStyles as styles } from './AuthLayout'
import { MigratedSignIn } from './LoginAlertMessage'

/** Seeds 2.3 /logout: the confirmation (the route has already deauthenticated). */
export function LogoutPage({ accountMigrated = false }: { accountMigrated?: boolean }) {
  const { t } = useLingui()
  return (
    <AuthLayout>
      <PageTitle documentTitle={t`Signed out`}>
        <Trans>You have been signed out</Trans>
      </PageTitle>
      {accountMigrated ? (
        <Alert variant="info" title={<Trans>Your account has moved</Trans>}>
          <MigratedSignIn />
        </Alert>
      ) : (
        <p className={styles.text}>
          <Trans>Your session has ended on this device. Thank you for using Whitebox.</Trans>
        </p>
      )}
      <Link to="/login" className={styles.link}>
        <Trans>Sign in again</Trans>
      </Link>
    </AuthLayout>
  )
}
