import { useQuery } from '@tanstack/react-query'
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
import {
  hcCategorySectionsQueryOptions,
  useHcCategory,
  useHcCategoryArticles,
} from './help-centre.queries'
import { SectionLink } from './HcLinks'
import styles from './help-centre.module.css'

/** Seeds 000 §2.7 categories/{id}: the category's sections, each with its articles. */
export function CategoryPage({ locale, categoryId }: { locale: HcLocale; categoryId: number }) {
  const session = useSession()
  const pageTitle = usePageTitle()
  const page = combineQueries(
    useHcCategory(locale, categoryId),
    useQuery(hcCategorySectionsQueryOptions(locale, categoryId)),
    useHcCategoryArticles(locale, categoryId),
  )
  return (
    <div className={styles.page}>
      {isMissingItem(page.error) && page.data === undefined ? (
        <ItemNotFound locale={locale} />
      ) : (
        <QueryStatus query={page}>
          {([category, { sections }, { articles }]) => (
            <>
              <Breadcrumbs locale={locale} />
              <HcTitle
                documentTitle={pageTitle(category.name)}
                lang={category.locale === locale ? undefined : appLocaleOf(category.locale).code}
              >
                {category.name}
              </HcTitle>
              {category.description === '' ? null : (
                <p className={styles.lead}>{category.description}</p>
              )}
              {sections.length === 0 ? (
                <p className={styles.muted}>
                  <Trans>There are no articles here yet.</Trans>
                </p>
              ) : null}
              {byPosition(sections).map((section) => (
                <section
                  key={section.id}
                  className={styles.section}
                  aria-labelledby={`hc-section-${String(section.id)}`}
                >
                  <h2 id={`hc-section-${String(section.id)}`} className={styles.sectionTitle}>
                    <SectionLink locale={locale} section={section} />
                  </h2>
                  <ArticleLinks
                    locale={locale}
                    articles={byPosition(articles.filter((a) => a.section_id === section.id))}
                  />
                </section>
              ))}
            </>
          )}
        </QueryStatus>
      )}
      <RequestPrompt locale={locale} session={session} />
    </div>
  )
}
