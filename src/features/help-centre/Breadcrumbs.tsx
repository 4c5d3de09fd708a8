import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { HcCategory, HcLocale, HcSection } from '#contracts/help-centre.ts'
import { CategoryLink, SectionLink } from './HcLinks'
import styles from './help-centre.module.css'

/**
 * Inside the crumb it leads to, in one unwrapped row with its link: a narrow screen moves both to
 * the next line together. Hidden from screen readers, which announce the list instead.
 */
function Separator() {
  return (
    <span className={styles.separator} aria-hidden="true">
      /
    </span>
  )
}

/** Help centre › category › section: where a page is; each known level links to its page. */
export function Breadcrumbs({
  locale,
  category,
  section,
}: {
  locale: HcLocale
  category?: HcCategory | undefined
  section?: HcSection | undefined
}) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Breadcrumb`} data-testid="hc-breadcrumb">
      <ol className={styles.crumbs}>
        <li className={styles.crumb}>
          <Link to="/hc/{-$locale}" params={{ locale }}>
            <Trans>Help centre</Trans>
          </Link>
        </li>
        {category ? (
          <li className={styles.crumb}>
            <Separator />
            <CategoryLink locale={locale} category={category} />
          </li>
        ) : null}
        {section ? (
          <li className={styles.crumb}>
            <Separator />
            <SectionLink locale={locale} section={section} />
          </li>
        ) : null}
      </ol>
    </nav>
  )
}
