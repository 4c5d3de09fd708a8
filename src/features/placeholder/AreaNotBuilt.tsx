import { Link, useLocation } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { defaultPath, useSession } from '../../session'
import { Alert, PageTitle } from '../../ui'
import { AREA_NAMES, type AreaId } from './areas'
import styles from './AreaNotBuilt.module.css'

/**
 * The page of an area a later issue builds: says plainly that it is not available yet, so every
 * nav link leads somewhere honest, and offers the way back to the user's home page.
 */
export function AreaNotBuilt({ area }: { area: AreaId }) {
  const { i18n, t } = useLingui()
  const session = useSession()
  const pathname = useLocation({ select: (l) => l.pathname })
  const name = i18n._(AREA_NAMES[area])
  const home = session ? defaultPath(session) : '/'
  // No link back to this very page, nor to a "home" that only logs out.
  const showHome = home !== pathname && home !== '/logout'
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`${name} – Whitebox`}>{name}</PageTitle>
      <Alert variant="info">
        <Trans>This area is not available yet in this version.</Trans>
      </Alert>
      {showHome ? (
        <p className={styles.actions}>
          <Link to={home} className={styles.link}>
            <Trans>Go to your home page</Trans>
          </Link>
        </p>
      ) : null}
    </div>
  )
}
