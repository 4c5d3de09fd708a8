import { Trans, useLingui } from '@lingui/react/macro'
import type { HcLocale } from '#contracts/help-centre.ts'
import { useSession } from '../../session'
import { QueryStatus } from '../../offline/QueryStatus'
import { ArticleBody } from './ArticleBody'
import { Breadcrumbs } from './Breadcrumbs'
import { appLocaleOf } from './hc-locale'
import { isMissingItem, ItemNotFound } from './ItemNotFound'
import { RequestPrompt } from './RequestPrompt'
import { HcTitle, usePageTitle } from './HcTitle'
import { useHcArticle, useHcCategory, useHcSection } from './help-centre.queries'
import styles from './help-centre.module.css'

function UpdatedOn({ iso }: { iso: string }) {
  const { i18n } = useLingui()
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(date)
  return (
    <p className={styles.updated}>
      <Trans>
        Updated <time dateTime={iso}>{when}</time>
      </Trans>
    </p>
  )
}

/** Seeds 000 §2.7 articles/{id}: breadcrumb, title, last update and the sanitised body. */
export function ArticlePage({ locale, articleId }: { locale: HcLocale; articleId: number }) {
  const session = useSession()
  const pageTitle = usePageTitle()
  const article = useHcArticle(locale, articleId)
  const section = useHcSection(locale, article.data?.section_id ?? null)
  const category = useHcCategory(locale, section.data?.category_id ?? null)
  return (
    <div className={styles.page}>
      {isMissingItem(article.error) && article.data === undefined ? (
        <ItemNotFound locale={locale} />
      ) : (
        <QueryStatus query={article}>
          {(current) => {
            // An article missing in this locale comes in en-gb: it is marked as such for readers.
            const own = appLocaleOf(current.locale)
            const other = current.locale !== locale
            return (
              <>
                <Breadcrumbs locale={locale} category={category.data} section={section.data} />
                <article
                  className={styles.section}
                  lang={other ? own.code : undefined}
                  dir={other ? (own.rtl ? 'rtl' : 'ltr') : undefined}
                >
                  <HcTitle documentTitle={pageTitle(current.title)}>{current.title}</HcTitle>
                  <UpdatedOn iso={current.updated_at} />
                  <ArticleBody html={current.body} />
                </article>
              </>
            )
          }}
        </QueryStatus>
      )}
      <RequestPrompt locale={locale} session={session} />
    </div>
  )
}
