import { useEffect, useId, useMemo, useState } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  HC_SEARCH_PER_PAGE,
  type HcArticle,
  type HcCategory,
  type HcLocale,
} from '#contracts/help-centre.ts'
import { NetworkError } from '../../api/http'
import { pageOf, searchArticles } from '../../lib/offline-search'
import { useOnline } from '../../offline/online-state'
import { QueryStatus } from '../../offline/QueryStatus'
import { Alert } from '../../ui'
import { sanitiseSnippet } from './article-html'
import { Breadcrumbs } from './Breadcrumbs'
import { HcSearchBox } from './HcSearchBox'
import { HcTitle } from './HcTitle'
import { hcCategoriesQueryOptions, hcSearchQueryOptions } from './help-centre.queries'
import { savedArticles } from './offline-corpus'
import { RequestPrompt } from './RequestPrompt'
import type { HcSearchParamsInUrl } from './search-params'
import { useSession } from '../../session'
import styles from './help-centre.module.css'

/** One result as the page shows it, whichever search found it. */
type Hit = { article: HcArticle; snippet: string; categoryId: number | null }
type Results = { hits: Hit[]; page: number; pageCount: number; count: number }

/** Counts changes of saved data while `watch` holds, so offline results follow what is saved. */
function useCacheVersion(queryClient: QueryClient, watch: boolean): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    if (!watch) return
    return queryClient.getQueryCache().subscribe((event) => {
      const saved = event.type === 'updated' && event.action.type === 'success'
      if (event.type === 'added' || event.type === 'removed' || saved) {
        setVersion((n) => n + 1)
      }
    })
  }, [queryClient, watch])
  return version
}

function ResultList({
  locale,
  results,
  categories,
}: {
  locale: HcLocale
  results: Results
  categories: readonly HcCategory[]
}) {
  const { t } = useLingui()
  const nameOf = (id: number | null) => categories.find((c) => c.id === id)?.name
  return (
    <ol className={styles.results} aria-label={t`Results`} data-testid="hc-results">
      {results.hits.map(({ article, snippet, categoryId }) => {
        const categoryName = nameOf(categoryId)
        return (
          <li key={article.id} className={styles.result}>
            <h2 className={styles.resultTitle}>
              <Link
                to="/hc/{-$locale}/articles/$articleId"
                params={{ locale, articleId: String(article.id) }}
              >
                {article.title}
              </Link>
            </h2>
            {/* Sanitised: only <em> survives (the matched words). */}
            <p
              className={styles.snippet}
              dangerouslySetInnerHTML={{ __html: sanitiseSnippet(snippet) }}
            />
            {categoryName === undefined ? null : <p className={styles.muted}>{categoryName}</p>}
          </li>
        )
      })}
    </ol>
  )
}

function Pager({
  locale,
  search,
  results,
}: {
  locale: HcLocale
  search: HcSearchParamsInUrl
  results: Results
}) {
  const { t } = useLingui()
  if (results.pageCount <= 1) return null
  const { page, pageCount } = results
  const to = (target: number) => ({ ...search, page: target === 1 ? undefined : target })
  return (
    <nav className={styles.pager} aria-label={t`Result pages`}>
      {page > 1 ? (
        <Link
          to="/hc/{-$locale}/search"
          params={{ locale }}
          search={to(page - 1)}
          className={styles.pagerLink}
          rel="prev"
        >
          <Trans>Previous</Trans>
        </Link>
      ) : (
        <span />
      )}
      <p className={styles.muted}>
        <Trans>
          Page {page} of {pageCount}
        </Trans>
      </p>
      {page < pageCount ? (
        <Link
          to="/hc/{-$locale}/search"
          params={{ locale }}
          search={to(page + 1)}
          className={styles.pagerLink}
          rel="next"
        >
          <Trans>Next</Trans>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

function CategoryFilter({
  locale,
  search,
  categories,
}: {
  locale: HcLocale
  search: HcSearchParamsInUrl
  categories: readonly HcCategory[]
}) {
  const { t } = useLingui()
  const id = useId()
  const navigate = useNavigate()
  if (categories.length === 0) return null
  return (
    <div className={styles.filters}>
      <label htmlFor={id}>{t`Topic`}</label>
      <select
        id={id}
        className={styles.select}
        value={search.category === undefined ? '' : String(search.category)}
        onChange={(event) => {
          const value = Number(event.target.value)
          void navigate({
            to: '/hc/{-$locale}/search',
            params: { locale },
            search: { query: search.query, category: value > 0 ? value : undefined },
          })
        }}
      >
        <option value="">{t`All topics`}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * Seeds 000 §2.7 search: results with the matched words highlighted, 10 a page, a topic filter, the
 * query in the URL. Offline (or when the service cannot be reached) the articles saved on this
 * device are searched instead, and the page says so.
 */
export function SearchPage({ locale, search }: { locale: HcLocale; search: HcSearchParamsInUrl }) {
  const { t } = useLingui()
  const session = useSession()
  const queryClient = useQueryClient()
  const online = useOnline()
  const query = (search.query ?? '').trim()
  const page = search.page ?? 1
  const category = search.category ?? null
  const categories = useQuery(hcCategoriesQueryOptions(locale)).data?.categories ?? []

  const server = useQuery({
    ...hcSearchQueryOptions({ query, page, locale, category }),
    enabled: online && query !== '',
  })
  const offline = !online || server.error instanceof NetworkError
  const cacheVersion = useCacheVersion(queryClient, offline)

  const savedResults = useMemo((): Results | null => {
    if (!offline || query === '') return null
    // Recomputed when something is saved or removed (cacheVersion changes).
    if (cacheVersion < 0) return null
    const hits = searchArticles(savedArticles(queryClient, locale), query, { categoryId: category })
    const paged = pageOf(hits, page, HC_SEARCH_PER_PAGE)
    return {
      hits: paged.items.map((hit) => ({ ...hit, categoryId: hit.article.categoryId })),
      page: paged.page,
      pageCount: paged.pageCount,
      count: paged.count,
    }
  }, [offline, query, category, page, locale, queryClient, cacheVersion])

  const serverResults: Results | null =
    server.data === undefined
      ? null
      : {
          hits: server.data.results.map((result) => ({
            article: result,
            snippet: result.snippet,
            categoryId: result.category_id,
          })),
          page: server.data.page,
          pageCount: Math.max(1, server.data.page_count),
          count: server.data.count,
        }
  const results = offline ? savedResults : serverResults

  const body = (found: Results) => (
    <>
      <p role="status" className={styles.lead}>
        {found.count === 0 ? (
          <Trans>No articles match “{query}”.</Trans>
        ) : (
          <Plural
            value={found.count}
            one={`# result for “${query}”`}
            other={`# results for “${query}”`}
          />
        )}
      </p>
      {found.count === 0 ? (
        <p className={styles.muted}>
          <Trans>Check the spelling, try other words, or choose all topics.</Trans>
        </p>
      ) : (
        <ResultList locale={locale} results={found} categories={categories} />
      )}
      <Pager locale={locale} search={search} results={found} />
    </>
  )

  return (
    <div className={styles.page}>
      <Breadcrumbs locale={locale} />
      <HcTitle
        documentTitle={query === '' ? t`Search – Help centre` : t`${query} – Search – Help centre`}
      >
        <Trans>Search results</Trans>
      </HcTitle>
      {/* Keyed by the URL's query: back and forward show the query they lead to. */}
      <HcSearchBox
        key={query}
        locale={locale}
        initialQuery={query}
        category={category}
        hideLabel={false}
      />
      <CategoryFilter locale={locale} search={search} categories={categories} />
      {offline ? (
        <div data-testid="hc-offline-search">
          <Alert
            variant="info"
            title={<Trans>Searching saved articles only — you're offline</Trans>}
          >
            <Trans>
              These results come from the articles saved on this device. Search again when you are
              back online to see every article.
            </Trans>
          </Alert>
        </div>
      ) : null}
      {query === '' ? (
        <p className={styles.muted}>
          <Trans>Type what you are looking for, for example “slow speeds”.</Trans>
        </p>
      ) : offline ? (
        results ? (
          body(results)
        ) : null
      ) : (
        <QueryStatus query={server}>
          {() => (serverResults ? body(serverResults) : null)}
        </QueryStatus>
      )}
      <RequestPrompt locale={locale} session={session} />
    </div>
  )
}
