import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import {
  HcArticleListSchema,
  HcArticleResponseSchema,
  HcCategoryListSchema,
  HcCategoryResponseSchema,
  HcRequestCreatedSchema,
  HcRequestSchema,
  HcSearchResultsSchema,
  HcSectionListSchema,
  HcSectionResponseSchema,
  type HcArticle,
  type HcCategory,
  type HcLocale,
  type HcSection,
} from '#contracts/help-centre.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../../api/testing/contract-handlers'

// Test support: a small help centre in the service's shape, every answer through its contract.

const STAMP = '2026-03-14T09:30:00Z'

function category(id: number, name: string, locale: HcLocale = 'en-gb'): HcCategory {
  const description = `All about ${name.toLowerCase()}`
  const html_url = `/hc/${locale}/categories/${String(id)}`
  return { id, name, description, locale, position: id, html_url, updated_at: STAMP }
}

function section(id: number, categoryId: number, name: string): HcSection {
  const html_url = `/hc/en-gb/sections/${String(id)}`
  return {
    id,
    category_id: categoryId,
    name,
    description: '',
    locale: 'en-gb',
    position: id,
    html_url,
    updated_at: STAMP,
  }
}

function article(
  id: number,
  sectionId: number,
  title: string,
  body: string,
  extra: Partial<HcArticle> = {},
): HcArticle {
  return {
    id,
    section_id: sectionId,
    title,
    body,
    locale: 'en-gb',
    position: id,
    label_names: [],
    promoted: false,
    html_url: `/hc/en-gb/articles/${String(id)}`,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  }
}

export const CATEGORIES = [category(1, 'Your Whitebox'), category(2, 'Troubleshooting')]
export const SECTIONS = [
  section(10, 1, 'Getting started'),
  section(11, 1, 'Your data'),
  section(20, 2, 'Slow speeds'),
]
export const ARTICLES = [
  article(
    100,
    10,
    'Setting up your Whitebox',
    '<p>Plug the Whitebox into your router.</p>' +
      '<p><a href="/hc/en-gb/articles/101">Where to put it</a> · ' +
      '<a href="https://example.org/router">Router guide</a></p>' +
      '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
    { promoted: true },
  ),
  article(101, 10, 'Where to put your Whitebox', '<p>Next to your router, on a shelf.</p>'),
  article(102, 11, 'Who sees your results', '<p>Only you and the study team.</p>'),
  article(200, 20, 'Slow Wi-Fi at home', '<p>Move closer to the router.</p>', { promoted: true }),
]

const page = { page: 1, per_page: 100, page_count: 1, next_page: null, previous_page: null }

/** The service's answers for the fixtures above (en-gb; other locales fall back to en-gb). */
export function hcHandlers(
  options: {
    searches?: { query: string; page: number; category: string | null }[]
    requests?: v.InferOutput<typeof HcRequestSchema>[]
  } = {},
) {
  const base = (path: string) => apiUrl('hc', `/help_center/:locale${path}`)
  const notFound = () => apiErrorResponse(404, { code: 'NOT_FOUND' })
  const lists = {
    categories: (items: HcCategory[]) =>
      contractJson(HcCategoryListSchema, { categories: items, ...page, count: items.length }),
    sections: (items: HcSection[]) =>
      contractJson(HcSectionListSchema, { sections: items, ...page, count: items.length }),
    articles: (items: HcArticle[]) =>
      contractJson(HcArticleListSchema, { articles: items, ...page, count: items.length }),
  }
  const id = (value: unknown) => Number(value)
  let nextRequestId = 500
  return [
    http.get(base('/categories'), () => lists.categories(CATEGORIES)),
    http.get(base('/categories/:id'), ({ params }) => {
      const found = CATEGORIES.find((c) => c.id === id(params.id))
      return found ? contractJson(HcCategoryResponseSchema, { category: found }) : notFound()
    }),
    http.get(base('/categories/:id/sections'), ({ params }) =>
      lists.sections(SECTIONS.filter((s) => s.category_id === id(params.id))),
    ),
    http.get(base('/categories/:id/articles'), ({ params }) => {
      const sections = SECTIONS.filter((s) => s.category_id === id(params.id)).map((s) => s.id)
      return lists.articles(ARTICLES.filter((a) => sections.includes(a.section_id)))
    }),
    http.get(base('/sections/:id'), ({ params }) => {
      const found = SECTIONS.find((s) => s.id === id(params.id))
      return found ? contractJson(HcSectionResponseSchema, { section: found }) : notFound()
    }),
    http.get(base('/sections/:id/articles'), ({ params }) =>
      lists.articles(ARTICLES.filter((a) => a.section_id === id(params.id))),
    ),
    http.get(base('/articles'), () => lists.articles(ARTICLES)),
    http.get(base('/articles/:id'), ({ params }) => {
      const found = ARTICLES.find((a) => a.id === id(params.id))
      return found ? contractJson(HcArticleResponseSchema, { article: found }) : notFound()
    }),
    http.get(apiUrl('hc', '/help_center/articles/search'), ({ request }) => {
      const url = new URL(request.url)
      const query = url.searchParams.get('query') ?? ''
      const pageNumber = Number(url.searchParams.get('page') ?? '1')
      const categoryParam = url.searchParams.get('category')
      options.searches?.push({ query, page: pageNumber, category: categoryParam })
      // 23 matches of "router" (3 pages of 10), an <script> in a snippet to be sanitised away.
      const count = query === 'router' ? 23 : 0
      const onPage = Math.max(0, Math.min(10, count - (pageNumber - 1) * 10))
      const results = Array.from({ length: onPage }, (_, i) => {
        const n = (pageNumber - 1) * 10 + i + 1
        return {
          ...article(1000 + n, 20, `Router tip ${String(n)}`, '<p>tip</p>'),
          snippet: `Restart the <em>router</em><script>alert(1)</script> <b>now</b>`,
          category_id: 2,
        }
      })
      return contractJson(HcSearchResultsSchema, {
        results,
        page: pageNumber,
        per_page: 10,
        page_count: Math.max(1, Math.ceil(count / 10)),
        count,
        next_page: null,
        previous_page: null,
      })
    }),
    http.post(apiUrl('hc', '/requests'), async ({ request }) => {
      const parsed = v.safeParse(HcRequestSchema, await request.json())
      if (!parsed.success) {
        return apiErrorResponse(400, { code: 'VALIDATION_FAIL', errors: { email: 'INVALID' } })
      }
      options.requests?.push(parsed.output)
      // Numbered by the requests received so far: the first of a test is 501.
      nextRequestId = 500 + (options.requests?.length ?? 1)
      return contractJson(
        HcRequestCreatedSchema,
        { request: { id: nextRequestId, status: 'new', subject: parsed.output.request.subject } },
        { status: 201 },
      )
    }),
  ]
}

/** A handler that answers every help-centre call as if the network were down. */
export function hcNetworkDown() {
  return http.all(`${apiUrl('hc', '')}/*`, () => HttpResponse.error())
}
