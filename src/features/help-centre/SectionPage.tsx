import { Trans } from '@lingui/react/macro'
import type { HcLocale } from '#contracts/help-centre.ts'
import { useSession } from '../../session'
import { QueryStatus } from '../../offline/QueryStatus'
import { ArticleLinks, byPosition } from './ArticleLinks'
import { Breadcrumbs } from './Breadcrumbs'
import { combineQueries } from './combine-queries'
import { appLocaleOf } from './hc-locale'
import { isMissingItem, ItemNotFound } from './ItemNotFound'
import { RequestPrompt } from './RequestPrompt'
import { HcTitle, usePageTitle } from './HcTitle'
import { useHcCategory, useHcSection, useHcSectionArticles } from './help-centre.queries'
import styles from './help-centre.module.css'

/** Seeds 000 §2.7 sections/{id}: the section's articles. */
export function SectionPage({ locale, sectionId }: { locale: HcLocale; sectionId: number }) {
  const session = useSession()
  const pageTitle = usePageTitle()
  const section = useHcSection(locale, sectionId)
  const category = useHcCategory(locale, section.data?.category_id ?? null)
  const page = combineQueries(section, useHcSectionArticles(locale, sectionId))
  return (
    <div className={styles.page}>
      {isMissingItem(page.error) && page.data === undefined ? (
        <ItemNotFound locale={locale} />
      ) : (
        <QueryStatus query={page}>
          {([current, { articles }]) => (
            <>
              <Breadcrumbs locale={locale} category={category.data} />
              <HcTitle
                documentTitle={pageTitle(current.name)}
                lang={current.locale === locale ? undefined : appLocaleOf(current.locale).code}
              >
                {current.name}
              </HcTitle>
              {current.description === '' ? null : (
                <p className={styles.lead}>{current.description}</p>
              )}
              {articles.length === 0 ? (
                <p className={styles.muted}>
                  <Trans>There are no articles here yet.</Trans>
                </p>
              ) : (
                <ArticleLinks locale={locale} articles={byPosition(articles)} />
              )}
            </>
          )}
        </QueryStatus>
      )}
      <RequestPrompt locale={locale} session={session} />
    </div>
  )
}
