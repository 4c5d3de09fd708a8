import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { HcCategory, HcLocale } from '#contracts/help-centre.ts'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession } from '../../session'
import { ArticleLinks, byPosition } from './ArticleLinks'
import { CategoryLink, SectionLink } from './HcLinks'
import { HcSearchBox } from './HcSearchBox'
import { HcTitle } from './HcTitle'
import {
  hcArticlesQueryOptions,
  hcCategoriesQueryOptions,
  hcCategorySectionsQueryOptions,
} from './help-centre.queries'
import { RequestPrompt } from './RequestPrompt'
import styles from './help-centre.module.css'

function CategoryCard({ locale, category }: { locale: HcLocale; category: HcCategory }) {
  const sections = useQuery(hcCategorySectionsQueryOptions(locale, category.id))
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        <CategoryLink locale={locale} category={category} />
      </h3>
      {category.description === '' ? null : <p className={styles.muted}>{category.description}</p>}
      {sections.data && sections.data.sections.length > 0 ? (
        <ul className={styles.links}>
          {byPosition(sections.data.sections).map((section) => (
            <li key={section.id}>
              <SectionLink locale={locale} section={section} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** Seeds 000 §2.7 home: search, promoted articles, and the categories with their sections. */
export function HelpCentreHome({ locale }: { locale: HcLocale }) {
  const { t } = useLingui()
  const session = useSession()
  const categories = useQuery(hcCategoriesQueryOptions(locale))
  const articles = useQuery(hcArticlesQueryOptions(locale))
  const promoted = byPosition(articles.data?.articles.filter((a) => a.promoted) ?? [])

  return (
    <div className={styles.page}>
      <HcTitle documentTitle={t`Help centre – Whitebox`}>
        <Trans>How can we help?</Trans>
      </HcTitle>
      <HcSearchBox locale={locale} />
      {promoted.length > 0 ? (
        <section className={styles.section} aria-labelledby="hc-promoted">
          <h2 id="hc-promoted" className={styles.sectionTitle}>
            <Trans>Popular articles</Trans>
          </h2>
          <ArticleLinks locale={locale} articles={promoted} />
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="hc-topics">
        <h2 id="hc-topics" className={styles.sectionTitle}>
          <Trans>Browse by topic</Trans>
        </h2>
        <QueryStatus
          query={categories}
          isEmpty={(data) => data.categories.length === 0}
          empty={
            <p className={styles.muted}>
              <Trans>There are no articles in this language yet.</Trans>
            </p>
          }
        >
          {(data) => (
            <ul className={styles.cards}>
              {byPosition(data.categories).map((category) => (
                <CategoryCard key={category.id} locale={locale} category={category} />
              ))}
            </ul>
          )}
        </QueryStatus>
      </section>
      <RequestPrompt locale={locale} session={session} />
    </div>
  )
}
