import { useEffect } from 'react'
import { Link, useLocation, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageTitle } from '../../ui'
import { arrivedThroughSso } from './sso'
import styles from './ErrorPages.module.css'

/** The not-found page (the catch-all and /404). */
export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Page not found – Whitebox`}>
        <Trans>Page not found</Trans>
      </PageTitle>
      <p className={styles.text}>
        <Trans>
          The page you asked for does not exist, or you do not have access to it. Check the address,
          or start again from your home page.
        </Trans>
      </p>
      <p className={styles.actions}>
        <Link to="/" className={styles.link}>
          <Trans>Go to your home page</Trans>
        </Link>
      </p>
    </div>
  )
}

/**
 * The catch-all for addresses no route matches: a user who arrived through single sign-on is sent
 * to the view chooser with the address to continue to (seeds 000 §2.3).
 */
export function CatchAllNotFound() {
  const router = useRouter()
  const href = useLocation({ select: (l) => l.href })
  const sso = arrivedThroughSso()
  useEffect(() => {
    if (sso) {
      void router.navigate({
        href: `/redirect?continue=${encodeURIComponent(href)}`,
        replace: true,
      })
    }
  }, [sso, href, router])
  return sso ? null : <NotFoundPage />
}
