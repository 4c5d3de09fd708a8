import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HC_LOCALES,
  HcArticleListSchema,
  HcArticleResponseSchema,
  HcCategoryListSchema,
  HcCategoryResponseSchema,
  HcRequestCreatedSchema,
  HcSearchResultsSchema,
  HcSectionListSchema,
  HcSectionResponseSchema,
  type HcLocale,
} from '../../../contracts/help-centre.ts'
import { SUPPORT_EMAIL } from '../../../contracts/settings.ts'
import {
  HC_ARTICLES,
  HC_CATEGORY_IDS,
  HC_SECTIONS,
} from '../../db/help-centre-content/structure.ts'
import { hcArticles, supportRequests, users } from '../../db/schema.ts'
import { dbFixtures } from '../../test/fixtures.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../test/helpers.ts'
import { saveHelpCentreContent } from './repository.ts'
import { HC_CACHE_CONTROL, HC_REQUEST_BODY_LIMIT, HC_REQUESTS_PER_MINUTE } from './routes.ts'

let t: TestApp
const { latestMailTo } = dbFixtures(() => t.db)

// Content only in en-gb (ids far from the seeded ones), to see the fallback at work.
const FALLBACK_CATEGORY = 99
const FALLBACK_SECTION = 991
const FALLBACK_ARTICLE = 99_101
const FALLBACK_IN_SEEDED_SECTION = 99_102

beforeAll(async () => {
  t = await createTestApp()
  const now = new Date('2026-11-01T10:00:00Z')
  await saveHelpCentreContent(t.db, {
    categories: [
      { id: FALLBACK_CATEGORY, locale: 'en-gb', position: 99, name: 'Untranslated category' },
    ],
    sections: [
      {
        id: FALLBACK_SECTION,
        locale: 'en-gb',
        categoryId: FALLBACK_CATEGORY,
        position: 1,
        name: 'Untranslated section',
      },
    ],
    articles: [
      {
        id: FALLBACK_ARTICLE,
        locale: 'en-gb',
        sectionId: FALLBACK_SECTION,
        position: 1,
        title: 'Zanzibar untranslated notice',
        body: '<p onclick="x()">Only in English: zanzibar.</p><script>alert(1)</script><a href="javascript:alert(1)">bad</a><img src=x onerror=alert(1)>',
        createdAt: now,
        updatedAt: now,
      },
      {
        id: FALLBACK_IN_SEEDED_SECTION,
        locale: 'en-gb',
        sectionId: 11,
        position: 9,
        title: 'Quokka volunteers',
        body: '<p>A quokka article that sits last in a translated section.</p><p>Tom &amp; Jerry\'s &lt;3 "router"</p>',
        createdAt: now,
        updatedAt: now,
      },
    ],
  })
})
afterAll(async () => {
  await t.close()
})

function get(url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/hc/${url}` })
}

async function getOk<S extends v.GenericSchema>(url: string, schema: S): Promise<v.InferOutput<S>> {
  const response = await get(url)
  expect(response.statusCode, response.body).toBe(200)
  return v.parse(schema, response.json())
}

const SEEDED_ARTICLES = HC_ARTICLES.length
const SECTION_11_ARTICLES = HC_ARTICLES.filter((a) => a.sectionId === 11).map((a) => a.id)

describe('categories, sections and articles', () => {
  it.each(HC_LOCALES)('lists every category in %s, by position, in that locale', async (locale) => {
    const list = await getOk(`help_center/${locale}/categories`, HcCategoryListSchema)
    const seeded = list.categories.filter((c) => c.id !== FALLBACK_CATEGORY)
    expect(seeded.map((c) => c.id)).toEqual([...HC_CATEGORY_IDS])
    expect(seeded.every((c) => c.locale === locale)).toBe(true)
    expect(list.categories.map((c) => c.position)).toEqual(
      [...list.categories.map((c) => c.position)].sort((a, b) => a - b),
    )
    expect(list.categories[0]?.html_url).toBe(`/hc/${locale}/categories/1`)
    expect(list).toMatchObject({ page: 1, per_page: 100, count: 6, page_count: 1 })
    expect(list).toMatchObject({ next_page: null, previous_page: null })
  })

  it('answers the same ids in every locale with different words', async () => {
    const names = await Promise.all(
      HC_LOCALES.map(async (locale) => {
        const { article } = await getOk(
          `help_center/${locale}/articles/2101`,
          HcArticleResponseSchema,
        )
        expect(article).toMatchObject({ id: 2101, section_id: 21, locale, promoted: true })
        return article.title
      }),
    )
    expect(new Set(names).size).toBe(3)
  })

  it.each([
    { asked: 'en-GB', served: 'en-gb' },
    { asked: 'AR', served: 'ar' },
    { asked: 'ar-SA', served: 'ar' },
    { asked: 'fr_CA', served: 'fr-ca' },
    { asked: 'FR-ca', served: 'fr-ca' },
  ])('normalises the locale $asked to $served', async ({ asked, served }) => {
    const { category } = await getOk(`help_center/${asked}/categories/3`, HcCategoryResponseSchema)
    expect(category.locale).toBe(served)
    expect(category.html_url).toBe(`/hc/${served}/categories/3`)
  })

  it.each(['de', 'en', 'en-us', 'fr', 'xx-yy', 'constructor', '%00', 'a'.repeat(150)])(
    'refuses the locale %s with 400',
    async (locale) => {
      const response = await get(`help_center/${locale}/categories`)
      expect(response.statusCode).toBe(400)
      expect(errorBody(response)).toMatchObject({
        code: 'VALIDATION_FAIL',
        errors: { locale: ['INVALID'] },
      })
    },
  )

  it('gives one category, its sections in order and its articles in reading order', async () => {
    const { category } = await getOk('help_center/fr-ca/categories/2', HcCategoryResponseSchema)
    expect(category).toMatchObject({ id: 2, position: 2, locale: 'fr-ca' })
    const sections = await getOk('help_center/fr-ca/categories/2/sections', HcSectionListSchema)
    expect(sections.sections.map((s) => [s.id, s.position, s.category_id])).toEqual([
      [21, 1, 2],
      [22, 2, 2],
    ])
    const articles = await getOk('help_center/fr-ca/categories/2/articles', HcArticleListSchema)
    expect(articles.articles.map((a) => a.id)).toEqual(
      HC_ARTICLES.filter((a) => a.sectionId === 21 || a.sectionId === 22).map((a) => a.id),
    )
  })

  it('gives one section and its articles by position', async () => {
    const { section } = await getOk('help_center/ar/sections/52', HcSectionResponseSchema)
    expect(section).toMatchObject({ id: 52, category_id: 5, locale: 'ar' })
    const list = await getOk('help_center/ar/sections/52/articles', HcArticleListSchema)
    expect(list.articles.map((a) => [a.id, a.position])).toEqual([
      [5201, 1],
      [5202, 2],
      [5203, 3],
    ])
  })

  it('lists every section', async () => {
    const list = await getOk('help_center/en-gb/sections', HcSectionListSchema)
    expect(list.sections.map((s) => s.id)).toContain(HC_SECTIONS[0].id)
    expect(list.count).toBe(HC_SECTIONS.length + 1)
  })

  it('lists all articles category by category, section by section', async () => {
    const list = await getOk('help_center/en-gb/articles', HcArticleListSchema)
    expect(list.count).toBe(SEEDED_ARTICLES + 2)
    expect(list.per_page).toBe(100)
    const seeded = list.articles.filter((a) => a.id < 10_000).map((a) => a.id)
    expect(seeded).toEqual(HC_ARTICLES.map((a) => a.id))
    expect(list.articles.filter((a) => a.promoted).length).toBeGreaterThanOrEqual(4)
  })

  it.each([
    'help_center/en-gb/articles/4242',
    'help_center/en-gb/categories/4242',
    'help_center/en-gb/categories/4242/sections',
    'help_center/en-gb/categories/4242/articles',
    'help_center/en-gb/sections/4242',
    'help_center/en-gb/sections/4242/articles',
    'help_center/ar/articles/2147483647',
  ])('404 NOT_FOUND for %s', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(404)
    expect(errorBody(response)).toEqual({ code: 'NOT_FOUND' })
  })

  it.each(['abc', '-1', '1.5', '99999999999', '2147483648', '1e3'])(
    '400 for the id %s',
    async (id) => {
      const response = await get(`help_center/en-gb/articles/${id}`)
      expect(response.statusCode).toBe(400)
      expect(errorBody(response)).toMatchObject({
        code: 'VALIDATION_FAIL',
        errors: { id: ['INVALID'] },
      })
    },
  )

  it('marks GET answers cacheable for five minutes, and not the errors', async () => {
    const ok = await get('help_center/en-gb/articles/1101')
    expect(ok.headers['cache-control']).toBe(HC_CACHE_CONTROL)
    const search = await get('help_center/articles/search?query=router')
    expect(search.headers['cache-control']).toBe(HC_CACHE_CONTROL)
    const missing = await get('help_center/en-gb/articles/4242')
    expect(missing.headers['cache-control']).toBeUndefined()
  })
})

describe('locale fallback', () => {
  it.each(['ar', 'fr-ca'] as const)(
    'serves an untranslated article from en-gb in %s',
    async (locale) => {
      const { article } = await getOk(
        `help_center/${locale}/articles/${FALLBACK_ARTICLE}`,
        HcArticleResponseSchema,
      )
      expect(article.locale).toBe('en-gb')
      expect(article.title).toBe('Zanzibar untranslated notice')
      // The app page stays in the reader's language.
      expect(article.html_url).toBe(`/hc/${locale}/articles/${FALLBACK_ARTICLE}`)
    },
  )

  it('sanitised the untranslated body when it was stored', async () => {
    const { article } = await getOk(
      `help_center/en-gb/articles/${FALLBACK_ARTICLE}`,
      HcArticleResponseSchema,
    )
    expect(article.body).toBe('<p>Only in English: zanzibar.</p>bad')
  })

  it('mixes translated and fallback items in one list, each saying its locale', async () => {
    const list = await getOk('help_center/ar/sections/11/articles', HcArticleListSchema)
    expect(list.articles.map((a) => a.id)).toEqual([
      ...SECTION_11_ARTICLES,
      FALLBACK_IN_SEEDED_SECTION,
    ])
    expect(list.articles.map((a) => a.locale)).toEqual([
      ...SECTION_11_ARTICLES.map(() => 'ar'),
      'en-gb',
    ])
  })

  it('falls back for categories and sections too', async () => {
    const categories = await getOk('help_center/fr-ca/categories', HcCategoryListSchema)
    expect(categories.categories.at(-1)).toMatchObject({ id: FALLBACK_CATEGORY, locale: 'en-gb' })
    const sections = await getOk(
      `help_center/fr-ca/categories/${FALLBACK_CATEGORY}/sections`,
      HcSectionListSchema,
    )
    expect(sections.sections).toMatchObject([{ id: FALLBACK_SECTION, locale: 'en-gb' }])
  })

  it('does not fall back from en-gb to another locale', async () => {
    await saveHelpCentreContent(t.db, {
      categories: [],
      sections: [],
      articles: [
        {
          id: 99_103,
          locale: 'ar',
          sectionId: 11,
          position: 10,
          title: 'فقط',
          body: '<p>عربي</p>',
        },
      ],
    })
    expect((await get('help_center/en-gb/articles/99103')).statusCode).toBe(404)
    expect((await get('help_center/fr-ca/articles/99103')).statusCode).toBe(404)
    expect((await get('help_center/ar/articles/99103')).statusCode).toBe(200)
    await t.db.delete(hcArticles).where(eq(hcArticles.id, 99_103))
  })
})

describe('pagination', () => {
  it('links the next and previous pages with their own parameters', async () => {
    const first = await getOk('help_center/en-gb/articles?per_page=10', HcArticleListSchema)
    expect(first).toMatchObject({ page: 1, per_page: 10, count: SEEDED_ARTICLES + 2 })
    expect(first.page_count).toBe(Math.ceil((SEEDED_ARTICLES + 2) / 10))
    expect(first.previous_page).toBeNull()
    expect(first.next_page).toBe('/api/hc/help_center/en-gb/articles?page=2&per_page=10')

    const second = await getOk(first.next_page?.replace('/api/hc/', '') ?? '', HcArticleListSchema)
    expect(second.previous_page).toBe('/api/hc/help_center/en-gb/articles?page=1&per_page=10')
    expect(second.articles.map((a) => a.id)).not.toContain(first.articles[0]?.id)
    expect(second.articles).toHaveLength(10)

    const last = await getOk(
      `help_center/en-gb/articles?per_page=10&page=${String(first.page_count)}`,
      HcArticleListSchema,
    )
    expect(last.next_page).toBeNull()
    expect(last.articles).toHaveLength((SEEDED_ARTICLES + 2) % 10 || 10)
  })

  it('uses the canonical locale in links asked with another spelling', async () => {
    const list = await getOk('help_center/AR-sa/categories?per_page=2', HcCategoryListSchema)
    expect(list.next_page).toBe('/api/hc/help_center/ar/categories?page=2&per_page=2')
  })

  it('answers an empty page past the end, pointing back at the last real page', async () => {
    const list = await getOk(
      'help_center/en-gb/sections/21/articles?page=7&per_page=2',
      HcArticleListSchema,
    )
    expect(list).toMatchObject({ articles: [], page: 7, page_count: 2, count: 3, next_page: null })
    expect(list.previous_page).toBe(
      '/api/hc/help_center/en-gb/sections/21/articles?page=2&per_page=2',
    )
  })

  it.each([
    { query: 'per_page=0', field: 'per_page' },
    { query: 'per_page=101', field: 'per_page' },
    { query: 'per_page=ten', field: 'per_page' },
    { query: 'page=0', field: 'page' },
    { query: 'page=-2', field: 'page' },
    { query: 'page=10001', field: 'page' },
    { query: 'page=1&page=2', field: 'page' },
  ])('400 for $query', async ({ query, field }) => {
    const response = await get(`help_center/en-gb/articles?${query}`)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toHaveProperty(field)
  })
})

describe('search', () => {
  const search = (query: string) =>
    getOk(`help_center/articles/search?${query}`, HcSearchResultsSchema)

  it('ranks title matches before body matches, 10 a page by default', async () => {
    const results = await search('query=router')
    expect(results.per_page).toBe(10)
    const titles = results.results.map((r) => r.title)
    const firstBodyOnly = titles.findIndex((title) => !/router/i.test(title))
    expect(firstBodyOnly).toBeGreaterThan(0)
    expect(titles.slice(firstBodyOnly).every((title) => !/router/i.test(title))).toBe(true)
    expect(results.results[0]).toMatchObject({ id: 5102, locale: 'en-gb', category_id: 5 })
  })

  it('needs every word, ignores case and punctuation, and shows the whole phrase first', async () => {
    const results = await search(`query=${encodeURIComponent('RESETTING your PASSWORD?')}`)
    expect(results.results[0]?.id).toBe(3102)
    for (const result of results.results) {
      const text = `${result.title} ${result.body}`.toLowerCase()
      expect(text).toContain('password')
      expect(text).toContain('your')
    }
  })

  it('wraps matches in <em> in a plain-text snippet', async () => {
    const results = await search('query=skipped+tests')
    const hit = results.results.find((r) => r.id === 4101)
    expect(hit?.snippet).toMatch(/<em>skipped<\/em> <em>tests<\/em>/i)
    expect(hit?.snippet).not.toMatch(/<(?!\/?em>)/)
  })

  it('escapes everything but the highlights, whatever the query holds', async () => {
    const query = encodeURIComponent('<script>alert(1)</script> router')
    const response = await get(`help_center/articles/search?query=${query}`)
    expect(response.statusCode).toBe(200)
    // "script", "alert" and "1" are words no article holds together with "router".
    expect(v.parse(HcSearchResultsSchema, response.json()).results).toEqual([])
    expect(response.body).not.toContain('<script>')

    // "scripts" (web browsing test) matches the word left of the tags.
    const scripted = await search(`query=${encodeURIComponent('<script>')}`)
    expect(scripted.results.map((r) => r.id)).toContain(4203)
    for (const result of scripted.results) {
      expect(result.snippet).toContain('<em>script</em>')
      expect(result.snippet.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/)
    }
  })

  it('escapes the article text around the highlights', async () => {
    const results = await search('query=quokka+tom')
    expect(results.results).toHaveLength(1)
    expect(results.results[0]?.snippet).toBe(
      'A <em>quokka</em> article that sits last in a translated section. <em>Tom</em> &amp; Jerry&#39;s &lt;3 &quot;router&quot;',
    )
  })

  it('finds Arabic whatever the spelling of hamza, ta marbuta and diacritics', async () => {
    // Written as people type it: no hamza on the alef, ha for ta marbuta, a stray fatha.
    const query = encodeURIComponent('اعاده تعيين كَلمه المرور')
    const results = await search(`query=${query}&locale=ar`)
    expect(results.results[0]).toMatchObject({ id: 3102, locale: 'ar' })
    expect(results.results[0]?.snippet).toContain('<em>')
  })

  it('finds French without accents', async () => {
    const results = await search('query=deconnexions&locale=fr-ca')
    expect(results.results.map((r) => r.id)).toContain(4205)
    expect(results.results.every((r) => r.locale === 'fr-ca')).toBe(true)
  })

  it('searches untranslated en-gb articles along with the asked locale', async () => {
    const results = await search('query=zanzibar&locale=ar')
    expect(results.results).toMatchObject([{ id: FALLBACK_ARTICLE, locale: 'en-gb' }])
    // A translated article is searched in its translation only.
    const english = await search('query=Whitebox+studies+work&locale=ar')
    expect(english.results.map((r) => r.id)).not.toContain(1101)
  })

  it('filters by category', async () => {
    const all = await search('query=whitebox&per_page=100')
    const tests = await search('query=whitebox&category=4&per_page=100')
    expect(tests.count).toBeLessThan(all.count)
    expect(tests.count).toBeGreaterThan(0)
    expect(tests.results.every((r) => r.category_id === 4)).toBe(true)
    const unknown = await search('query=whitebox&category=777')
    expect(unknown).toMatchObject({ results: [], count: 0, page_count: 0 })
  })

  it('pages through results, keeping the query in the links', async () => {
    const first = await search('query=whitebox&per_page=5&locale=fr-ca&category=2')
    expect(first.next_page).toBe(
      '/api/hc/help_center/articles/search?query=whitebox&locale=fr-ca&category=2&page=2&per_page=5',
    )
    const beyond = await search('query=whitebox&page=50&per_page=5&locale=fr-ca&category=2')
    expect(beyond).toMatchObject({ results: [], page: 50, next_page: null, count: first.count })
    expect(beyond.previous_page).toContain(`page=${String(first.page_count)}&`)
  })

  it('answers no results for a query without words', async () => {
    const results = await search(`query=${encodeURIComponent('?!…')}`)
    expect(results).toMatchObject({ results: [], count: 0 })
  })

  it.each([
    { query: '', field: 'query', code: 'MISSING' },
    { query: 'query=', field: 'query', code: 'MISSING' },
    { query: 'query=%20%20', field: 'query', code: 'MISSING' },
    { query: `query=${'a'.repeat(201)}`, field: 'query', code: 'INVALID' },
    { query: 'query=x&locale=de', field: 'locale', code: 'INVALID' },
    { query: 'query=x&category=abc', field: 'category', code: 'INVALID' },
    { query: 'query=x&per_page=101', field: 'per_page', code: 'INVALID' },
  ])('400 for "$query"', async ({ query, field, code }) => {
    const response = await get(`help_center/articles/search?${query}`)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors: { [field]: [code] } })
  })
})

describe('POST requests', () => {
  let address = 0
  // Each test writes from its own address so the per-address limit does not carry over.
  function post(
    payload: unknown,
    headers: Record<string, string> = {},
    remoteAddress = `10.1.0.${String((address += 1))}`,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/hc/requests',
      remoteAddress,
      headers,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/json', ...headers } }
        : { payload: payload as object }),
    })
  }
  const valid = (overrides: Record<string, unknown> = {}) => ({
    request: {
      requester: { name: 'Amal Haddad', email: 'amal@example.net' },
      subject: 'My Whitebox is offline',
      comment: { body: 'The status light has been amber since yesterday evening.' },
      priority: 'low',
      tags: ['help_centre', 'web'],
      ...overrides,
    },
  })

  it('stores the request, mails the support outbox and answers 201', async () => {
    const response = await post(valid({ subject: '  Line\r\nbreak subject ' }))
    expect(response.statusCode).toBe(201)
    const created = v.parse(HcRequestCreatedSchema, response.json())
    expect(created.request).toEqual({
      id: created.request.id,
      status: 'new',
      subject: 'Line break subject',
    })
    const [row] = await t.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, created.request.id))
    expect(row).toMatchObject({
      userId: null,
      requesterName: 'Amal Haddad',
      requesterEmail: 'amal@example.net',
      subject: 'Line break subject',
      body: 'The status light has been amber since yesterday evening.',
      priority: 'low',
      source: 'help_centre',
      tags: ['help_centre', 'web'],
    })
    const mail = await latestMailTo(SUPPORT_EMAIL)
    expect(mail?.subject).toBe(
      `[Whitebox help centre #${String(created.request.id)}] Line break subject`,
    )
    expect(mail?.text).toContain('From: Amal Haddad <amal@example.net>')
    expect(mail?.text).toContain('The status light has been amber')
    expect(response.headers['cache-control']).toBeUndefined()
  })

  it('accepts a request without tags', async () => {
    const response = await post(valid({ tags: undefined }))
    expect(response.statusCode).toBe(201)
    const id = v.parse(HcRequestCreatedSchema, response.json()).request.id
    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, id))
    expect(row?.tags).toEqual([])
  })

  it('links the request to a signed-in caller, and ignores a bad token', async () => {
    const pair = await signIn(t.app, 'volunteer')
    const signedIn = await post(valid(), bearer(pair.accessToken.token))
    expect(signedIn.statusCode).toBe(201)
    const [volunteer] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'volunteer@example.com'))
    const id = v.parse(HcRequestCreatedSchema, signedIn.json()).request.id
    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, id))
    expect(row?.userId).toBe(volunteer?.id)

    const forged = await post(valid(), bearer('not.a.token'))
    expect(forged.statusCode).toBe(201)
    const forgedId = v.parse(HcRequestCreatedSchema, forged.json()).request.id
    const [anonymous] = await t.db
      .select()
      .from(supportRequests)
      .where(and(eq(supportRequests.id, forgedId), eq(supportRequests.source, 'help_centre')))
    expect(anonymous?.userId).toBeNull()
  })

  it.each([
    {
      name: 'blank name',
      change: { requester: { name: '  ', email: 'a@example.net' } },
      errors: { 'requester.name': ['MISSING'] },
    },
    {
      name: 'no name',
      change: { requester: { email: 'a@example.net' } },
      errors: { 'requester.name': ['MISSING'] },
    },
    {
      name: 'long name',
      change: { requester: { name: 'n'.repeat(101), email: 'a@example.net' } },
      errors: { 'requester.name': ['INVALID'] },
    },
    {
      name: 'bad email',
      change: { requester: { name: 'A', email: 'not-an-email' } },
      errors: { 'requester.email': ['INVALID'] },
    },
    {
      name: 'empty email',
      change: { requester: { name: 'A', email: '' } },
      errors: { 'requester.email': ['MISSING'] },
    },
    { name: 'no subject', change: { subject: '' }, errors: { subject: ['MISSING'] } },
    {
      name: 'long subject',
      change: { subject: 's'.repeat(151) },
      errors: { subject: ['INVALID'] },
    },
    {
      name: 'no body',
      change: { comment: { body: ' \n ' } },
      errors: { 'comment.body': ['MISSING'] },
    },
    { name: 'no comment', change: { comment: undefined }, errors: { comment: ['MISSING'] } },
    {
      name: 'long body',
      change: { comment: { body: 'b'.repeat(5001) } },
      errors: { 'comment.body': ['INVALID'] },
    },
    { name: 'high priority', change: { priority: 'high' }, errors: { priority: ['INVALID'] } },
    { name: 'no priority', change: { priority: undefined }, errors: { priority: ['MISSING'] } },
    { name: 'bad tag', change: { tags: ['Not A Tag'] }, errors: { 'tags.0': ['INVALID'] } },
    {
      name: 'number name',
      change: { requester: { name: 42, email: 'a@example.net' } },
      errors: { 'requester.name': ['INVALID'] },
    },
  ])('422 VALIDATION_FAIL for $name', async ({ change, errors }) => {
    const response = await post(valid(change))
    expect(response.statusCode).toBe(422)
    expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors })
  })

  it('files every field error at once', async () => {
    const response = await post({
      request: {
        requester: { name: '', email: 'x' },
        subject: '',
        comment: { body: '' },
        priority: 'low',
      },
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(errorBody(response).errors ?? {}).sort()).toEqual([
      'comment.body',
      'requester.email',
      'requester.name',
      'subject',
    ])
  })

  it.each([
    { name: 'an empty object', payload: {}, status: 422 },
    { name: 'null request', payload: { request: null }, status: 422 },
    { name: 'an array', payload: [1, 2], status: 422 },
    { name: 'broken JSON', payload: '{"request":', status: 400 },
    { name: 'a JSON string', payload: '"hello"', status: 422 },
  ])('never answers 500: $name → $status', async ({ payload, status }) => {
    const response = await post(payload)
    expect(response.statusCode).toBe(status)
  })

  it('413 PAYLOAD_TOO_LARGE above the body limit', async () => {
    const response = await post(valid({ comment: { body: 'x'.repeat(HC_REQUEST_BODY_LIMIT) } }))
    expect(response.statusCode).toBe(413)
    expect(errorBody(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('429 RATE_LIMITED after a few requests a minute from one address', async () => {
    const statuses: number[] = []
    for (let i = 0; i <= HC_REQUESTS_PER_MINUTE; i += 1) {
      statuses.push((await post(valid(), {}, '10.9.9.9')).statusCode)
    }
    expect(statuses).toEqual([...Array<number>(HC_REQUESTS_PER_MINUTE).fill(201), 429])
    // Another address is not affected.
    expect((await post(valid(), {}, '10.9.9.10')).statusCode).toBe(201)
  })
})

describe('bad input never answers 500', () => {
  it.each([
    'help_center/en-gb/articles/%E0%A4%A',
    'help_center/en-gb/articles?per_page[]=1',
    'help_center/en-gb/articles?page=1%00',
    'help_center/%20/articles',
    'help_center/articles/search?query[]=a',
    'help_center/articles/search?query=%F0%9F%98%80',
    `help_center/articles/search?query=${encodeURIComponent('\u0000\u202e')}`,
    'help_center/articles/search?query=a&category=99999999999',
    'help_center/en-gb/articles/1101/comments',
    'help_center/articles',
  ])('%s', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBeGreaterThanOrEqual(200)
    expect(response.statusCode).toBeLessThan(500)
  })

  it.each(HC_LOCALES)('every seeded article in %s opens', async (locale: HcLocale) => {
    const list = await getOk(`help_center/${locale}/articles`, HcArticleListSchema)
    expect(list.articles.filter((a) => a.id < 10_000)).toHaveLength(SEEDED_ARTICLES)
  })
})
