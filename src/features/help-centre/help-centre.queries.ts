import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  HcArticleListSchema,
  HcCategoryListSchema,
  HcSectionListSchema,
  type HcArticle,
  type HcCategory,
  type HcLocale,
  type HcSection,
} from '#contracts/help-centre.ts'
import {
  getHcArticle,
  getHcArticles,
  getHcCategories,
  getHcCategory,
  getHcCategoryArticles,
  getHcCategorySections,
  getHcSection,
  getHcSectionArticles,
  searchHcArticles,
  type HcSearchParams,
} from '../../api/help-centre.api'
import { STALE } from '../../api/query-client'
import type { PersistClass, PersistMeta } from '../../offline/persistence'

/** Root of every help-centre query (what hc-cache.ts saves for visitors). */
export const HC_KEY_ROOT = 'hc'

/**
 * Help-centre pages stay readable offline for 30 days. 'results' is the existing 30-day class;
 * a class of its own ('helpCentre') is proposed to the lead, and this is the one line to change.
 */
export const HC_PERSIST_CLASS: PersistClass = 'results'
const persisted = { persist: HC_PERSIST_CLASS } satisfies PersistMeta

const root = (locale: HcLocale) => [HC_KEY_ROOT, locale] as const

/** Query keys, per locale (the same id is another text in another locale). */
export const hcKeys = {
  all: [HC_KEY_ROOT] as const,
  locale: root,
  categories: (locale: HcLocale) => [...root(locale), 'categories'] as const,
  category: (locale: HcLocale, id: number) => [...root(locale), 'category', id] as const,
  categorySections: (locale: HcLocale, id: number) =>
    [...root(locale), 'category', id, 'sections'] as const,
  categoryArticles: (locale: HcLocale, id: number) =>
    [...root(locale), 'category', id, 'articles'] as const,
  section: (locale: HcLocale, id: number) => [...root(locale), 'section', id] as const,
  sectionArticles: (locale: HcLocale, id: number) =>
    [...root(locale), 'section', id, 'articles'] as const,
  articles: (locale: HcLocale) => [...root(locale), 'articles'] as const,
  article: (locale: HcLocale, id: number) => [...root(locale), 'article', id] as const,
  search: (params: HcSearchParams) =>
    [
      ...root(params.locale),
      'search',
      { query: params.query, page: params.page, category: params.category },
    ] as const,
}

/** Every category of a locale. */
export function hcCategoriesQueryOptions(locale: HcLocale) {
  return queryOptions({
    queryKey: hcKeys.categories(locale),
    queryFn: ({ signal }) => getHcCategories(locale, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: persisted,
  })
}

/** The sections of a category. */
export function hcCategorySectionsQueryOptions(locale: HcLocale, categoryId: number) {
  return queryOptions({
    queryKey: hcKeys.categorySections(locale, categoryId),
    queryFn: ({ signal }) => getHcCategorySections(locale, categoryId, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: persisted,
  })
}

/** Every article of a locale (100, seeds 9): the home's promoted ones, and offline search. */
export function hcArticlesQueryOptions(locale: HcLocale) {
  return queryOptions({
    queryKey: hcKeys.articles(locale),
    queryFn: ({ signal }) => getHcArticles(locale, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: persisted,
  })
}

/** The server's search; not saved (offline, the saved articles are searched instead). */
export function hcSearchQueryOptions(params: HcSearchParams) {
  return queryOptions({
    queryKey: hcKeys.search(params),
    queryFn: ({ signal }) => searchHcArticles(params, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: { persist: false } satisfies PersistMeta,
  })
}

type Cached<T> = { data: T; updatedAt: number }

/** The newest cached copy of an item found in any list of the locale (lists hold whole items). */
function fromCachedLists<T extends { id: number }>(
  queryClient: QueryClient,
  locale: HcLocale,
  pick: (data: unknown) => readonly T[] | undefined,
  id: number,
): Cached<T> | undefined {
  let found: Cached<T> | undefined
  for (const query of queryClient.getQueryCache().findAll({ queryKey: root(locale) })) {
    const item = pick(query.state.data)?.find((candidate) => candidate.id === id)
    if (item && query.state.dataUpdatedAt > (found?.updatedAt ?? -1)) {
      found = { data: item, updatedAt: query.state.dataUpdatedAt }
    }
  }
  return found
}

// Cached lists are read through their schemas: they may have come back from IndexedDB.
const articleLists = (data: unknown) =>
  v.is(HcArticleListSchema, data) ? data.articles : undefined
const sectionLists = (data: unknown) =>
  v.is(HcSectionListSchema, data) ? data.sections : undefined
const categoryLists = (data: unknown) =>
  v.is(HcCategoryListSchema, data) ? data.categories : undefined

/**
 * A query's start from a cached copy, as TanStack Query reads it when it creates the query:
 * `initialData` first, then `initialDataUpdatedAt` when there was data. The copy is looked up once
 * (a scan of the cached lists through their schemas) and its time read from that same lookup.
 */
function startFrom<T>(read: () => Cached<T> | undefined) {
  let start: Cached<T> | undefined
  return {
    initialData: () => {
      start = read()
      return start?.data
    },
    initialDataUpdatedAt: () => (start ?? read())?.updatedAt,
  }
}

/**
 * A single item query that starts from a copy in a cached list (the home's list holds every
 * article): it shows at once, offline too, and is refreshed when that copy is stale.
 */
function useItem<T extends { id: number }>(options: {
  locale: HcLocale
  id: number
  queryKey: readonly unknown[]
  fetch: (signal: AbortSignal) => Promise<T>
  pick: (data: unknown) => readonly T[] | undefined
  enabled?: boolean
}) {
  const queryClient = useQueryClient()
  const { locale, id, pick } = options
  return useQuery({
    queryKey: options.queryKey,
    queryFn: ({ signal }) => options.fetch(signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: persisted,
    enabled: options.enabled ?? true,
    ...startFrom(() => fromCachedLists(queryClient, locale, pick, id)),
  })
}

type HcArticleList = v.InferOutput<typeof HcArticleListSchema>

/** A cached list of the locale, when it came back whole (one page: nothing left out). */
function wholeCachedList<T extends { next_page: string | null }>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  isList: (data: unknown) => data is T,
): Cached<T> | undefined {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true })
  const data: unknown = query?.state.data
  if (!query || !isList(data) || data.next_page !== null) return undefined
  return { data, updatedAt: query.state.dataUpdatedAt }
}

const isArticleList = (data: unknown) => v.is(HcArticleListSchema, data)
const isSectionList = (data: unknown) => v.is(HcSectionListSchema, data)

/**
 * The articles of some sections cut from the locale's whole list (the home loads every article):
 * a category or section page opened offline after the home has its list, as old as that list.
 */
function articlesOfSections(
  queryClient: QueryClient,
  locale: HcLocale,
  sectionIds: ReadonlySet<number> | undefined,
  listedAt: number,
): Cached<HcArticleList> | undefined {
  const all = wholeCachedList(queryClient, hcKeys.articles(locale), isArticleList)
  if (!all || !sectionIds) return undefined
  const articles = all.data.articles.filter((article) => sectionIds.has(article.section_id))
  return {
    data: { ...all.data, articles, count: articles.length },
    updatedAt: Math.min(all.updatedAt, listedAt),
  }
}

function useArticleList(options: {
  queryKey: readonly unknown[]
  fetch: (signal: AbortSignal) => Promise<HcArticleList>
  fromCache: () => Cached<HcArticleList> | undefined
}) {
  return useQuery({
    queryKey: options.queryKey,
    queryFn: ({ signal }) => options.fetch(signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: persisted,
    ...startFrom(options.fromCache),
  })
}

/** The articles of a category; starts from the home's lists (its sections and every article). */
export function useHcCategoryArticles(locale: HcLocale, categoryId: number) {
  const queryClient = useQueryClient()
  return useArticleList({
    queryKey: hcKeys.categoryArticles(locale, categoryId),
    fetch: (signal) => getHcCategoryArticles(locale, categoryId, signal),
    fromCache: () => {
      const sections = wholeCachedList(
        queryClient,
        hcKeys.categorySections(locale, categoryId),
        isSectionList,
      )
      const ids = sections && new Set(sections.data.sections.map((section) => section.id))
      return articlesOfSections(queryClient, locale, ids, sections?.updatedAt ?? 0)
    },
  })
}

/** The articles of a section; starts from the home's list of every article. */
export function useHcSectionArticles(locale: HcLocale, sectionId: number) {
  const queryClient = useQueryClient()
  return useArticleList({
    queryKey: hcKeys.sectionArticles(locale, sectionId),
    fetch: (signal) => getHcSectionArticles(locale, sectionId, signal),
    fromCache: () => articlesOfSections(queryClient, locale, new Set([sectionId]), Infinity),
  })
}

/** One article. */
export function useHcArticle(locale: HcLocale, id: number) {
  return useItem<HcArticle>({
    locale,
    id,
    queryKey: hcKeys.article(locale, id),
    fetch: (signal) => getHcArticle(locale, id, signal),
    pick: articleLists,
  })
}

/** One section (none asked while `id` is null). */
export function useHcSection(locale: HcLocale, id: number | null) {
  return useItem<HcSection>({
    locale,
    id: id ?? 0,
    queryKey: hcKeys.section(locale, id ?? 0),
    fetch: (signal) => getHcSection(locale, id ?? 0, signal),
    pick: sectionLists,
    enabled: id !== null,
  })
}

/** One category (none asked while `id` is null). */
export function useHcCategory(locale: HcLocale, id: number | null) {
  return useItem<HcCategory>({
    locale,
    id: id ?? 0,
    queryKey: hcKeys.category(locale, id ?? 0),
    fetch: (signal) => getHcCategory(locale, id ?? 0, signal),
    pick: categoryLists,
    enabled: id !== null,
  })
}
