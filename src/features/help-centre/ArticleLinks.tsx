import { Link } from '@tanstack/react-router'
import type { HcArticle, HcLocale } from '#contracts/help-centre.ts'
import { appLocaleOf } from './hc-locale'
import styles from './help-centre.module.css'

/** A list of links to articles, in their order; an item in another locale says so with `lang`. */
export function ArticleLinks({
  locale,
  articles,
}: {
  locale: HcLocale
  articles: readonly HcArticle[]
}) {
  return (
    <ul className={styles.links}>
      {articles.map((article) => (
        <li key={article.id}>
          <Link
            to="/hc/{-$locale}/articles/$articleId"
            params={{ locale, articleId: String(article.id) }}
            lang={article.locale === locale ? undefined : appLocaleOf(article.locale).code}
          >
            {article.title}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** Items in their help-centre order (position, then id). */
export function byPosition<T extends { position: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.position - b.position || a.id - b.id)
}
