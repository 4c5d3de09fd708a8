import { Trans, useLingui } from '@lingui/react/macro'
import { PageTitle } from '../../ui'
import { AuthLayout, authStyles as styles } from './AuthLayout'

/** Seeds 2.3 /no-access: maintenance or no access, try again in about 30 minutes. */
export function NoAccessPage() {
  const { t } = useLingui()
  return (
    <AuthLayout>
      <PageTitle documentTitle={t`Temporarily unavailable`}>
        <Trans>We will be back soon</Trans>
      </PageTitle>
      <p className={styles.text}>
        <Trans>
          Whitebox is under maintenance or not available to your account right now. Please try again
          in about 30 minutes.
        </Trans>
      </p>
    </AuthLayout>
  )
}
