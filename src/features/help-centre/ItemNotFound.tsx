import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { HcLocale } from '#contracts/help-centre.ts'
import { ApiError } from '../../api/http'
import { HcTitle } from './HcTitle'
import styles from './help-centre.module.css'

/** Whether a query failed because the item does not exist (in any locale). */
export function isMissingItem(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** An article, section or category that does not exist: a page with a title and a way on. */
export function ItemNotFound({ locale }: { locale: HcLocale }) {
  const { t } = useLingui()
  return (
    <>
      <HcTitle documentTitle={t`Not found – Help centre`}>
        <Trans>This page is not in the help centre</Trans>
      </HcTitle>
      <p className={styles.lead}>
        <Trans>
          It may have been moved or removed. Search for it, or start from the home page.
        </Trans>
      </p>
      <p>
        <Link to="/hc/{-$locale}" params={{ locale }} className={styles.pagerLink}>
          <Trans>Help centre home</Trans>
        </Link>
      </p>
    </>
  )
}
