import {
  HC_ARTICLES_PER_PAGE,
  HC_SEARCH_PER_PAGE,
  HcArticleListSchema,
  HcArticleResponseSchema,
  HcCategoryListSchema,
  HcCategoryResponseSchema,
  HcRequestCreatedSchema,
  HcSearchResultsSchema,
  HcSectionListSchema,
  HcSectionResponseSchema,
  type HcArticle,
  type HcCategory,
  type HcLocale,
  type HcRequest,
  type HcSearchResults,
  type HcSection,
} from '#contracts/help-centre.ts'
import { request } from './http'

// Seeds 000 §7.5: an unauthenticated client of the help-centre API (Zendesk shape), per locale.
const base = (locale: HcLocale) => `/help_center/${locale}`
const list = { per_page: HC_ARTICLES_PER_PAGE }

/** GET categories of a locale (one page of 100). */
export async function getHcCategories(locale: HcLocale, signal?: AbortSignal) {
  return request('hc', `${base(locale)}/categories`, {
    schema: HcCategoryListSchema,
    query: list,
    auth: false,
    signal,
  })
}

/** GET one category. */
export async function getHcCategory(
  locale: HcLocale,
  id: number,
  signal?: AbortSignal,
): Promise<HcCategory> {
  const path = `${base(locale)}/categories/${String(id)}`
  return (await request('hc', path, { schema: HcCategoryResponseSchema, auth: false, signal }))
    .category
}

/** GET the sections of a category. */
export async function getHcCategorySections(locale: HcLocale, id: number, signal?: AbortSignal) {
  return request('hc', `${base(locale)}/categories/${String(id)}/sections`, {
    schema: HcSectionListSchema,
    query: list,
    auth: false,
    signal,
  })
}

/** GET the articles of a category (100 a page, seeds 9). */
export async function getHcCategoryArticles(locale: HcLocale, id: number, signal?: AbortSignal) {
  return request('hc', `${base(locale)}/categories/${String(id)}/articles`, {
    schema: HcArticleListSchema,
    query: list,
    auth: false,
    signal,
  })
}

/** GET one section. */
export async function getHcSection(
  locale: HcLocale,
  id: number,
  signal?: AbortSignal,
): Promise<HcSection> {
  const path = `${base(locale)}/sections/${String(id)}`
  return (await request('hc', path, { schema: HcSectionResponseSchema, auth: false, signal }))
    .section
}

/** GET the articles of a section. */
export async function getHcSectionArticles(locale: HcLocale, id: number, signal?: AbortSignal) {
  return request('hc', `${base(locale)}/sections/${String(id)}/articles`, {
    schema: HcArticleListSchema,
    query: list,
    auth: false,
    signal,
  })
}

/** GET the articles of a locale (the home's promoted ones are among them). */
export async function getHcArticles(locale: HcLocale, signal?: AbortSignal) {
  return request('hc', `${base(locale)}/articles`, {
    schema: HcArticleListSchema,
    query: list,
    auth: false,
    signal,
  })
}

/** GET one article. */
export async function getHcArticle(
  locale: HcLocale,
  id: number,
  signal?: AbortSignal,
): Promise<HcArticle> {
  const path = `${base(locale)}/articles/${String(id)}`
  return (await request('hc', path, { schema: HcArticleResponseSchema, auth: false, signal }))
    .article
}

/** What a search asks for; page is 1-based. */
export type HcSearchParams = {
  query: string
  page: number
  locale: HcLocale
  category: number | null
}

/** GET articles/search, 10 a page (seeds 7.5). */
export async function searchHcArticles(
  params: HcSearchParams,
  signal?: AbortSignal,
): Promise<HcSearchResults> {
  return request('hc', '/help_center/articles/search', {
    schema: HcSearchResultsSchema,
    query: {
      query: params.query,
      page: params.page,
      per_page: HC_SEARCH_PER_PAGE,
      locale: params.locale,
      category: params.category ?? undefined,
    },
    auth: false,
    signal,
  })
}

/**
 * POST requests: a support request from the help centre; answers the created request. With
 * `asUser` the access token goes along, so the service links the request to the account (the form
 * is public: without one it is a visitor's).
 */
export async function postHcRequest(body: HcRequest, asUser: boolean) {
  return (
    await request('hc', '/requests', {
      method: 'POST',
      body,
      schema: HcRequestCreatedSchema,
      auth: asUser,
    })
  ).request
}
