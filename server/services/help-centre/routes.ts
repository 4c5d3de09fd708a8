import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  HC_ARTICLES_PER_PAGE,
  HC_FALLBACK_LOCALE,
  HC_MAX_PER_PAGE,
  HC_SEARCH_PER_PAGE,
  HC_SEARCH_QUERY_MAX,
  HcRequestSchema,
  toHcLocale,
} from '../../../contracts/help-centre.ts'
import { storable } from '../../../contracts/primitives.ts'
import { SUPPORT_EMAIL } from '../../../contracts/settings.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { offsetOf, pageOf, pagingEntries } from '../../lib/list.ts'
import { declare } from '../../plugins/access.ts'
import { optionalUser } from '../../plugins/auth.ts'
import { perMinute } from '../../plugins/external.ts'
import {
  presentArticle,
  presentCategory,
  presentPage,
  presentRequestMail,
  presentSearchResult,
  presentSection,
} from './presenter.ts'
import * as repo from './repository.ts'
import { rankArticles, searchTerms, snippet } from './search.ts'
import { articleText } from './sanitize.ts'

/** Requests a minute from one address: a person sends one or two; a script sends hundreds. */
export const HC_REQUESTS_PER_MINUTE = 5
/** A request holds at most ~5,000 characters of text: 32 KB is room for that in any script. */
export const HC_REQUEST_BODY_LIMIT = 32 * 1024
/** How long readers (and the client's offline copy) may reuse a GET answer. */
export const HC_CACHE_CONTROL = 'public, max-age=300'
/** Pages past this are typing mistakes or scrapers, not readers. */
const MAX_PAGE = 10_000

const localeParam = v.pipe(
  v.string(),
  v.check((code) => toHcLocale(code) !== null),
  v.transform((code) => toHcLocale(code) ?? HC_FALLBACK_LOCALE),
)
const numericId = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/),
  v.transform(Number),
  v.maxValue(2_147_483_647),
)

const LocaleParamsSchema = v.object({ locale: localeParam })
const ItemParamsSchema = v.object({ locale: localeParam, id: numericId })
const ListQuerySchema = v.object(
  pagingEntries({ perPage: HC_ARTICLES_PER_PAGE, maxPerPage: HC_MAX_PER_PAGE, maxPage: MAX_PAGE }),
)
const SearchQuerySchema = v.object({
  query: v.optional(v.pipe(v.string(), v.maxLength(HC_SEARCH_QUERY_MAX), storable())),
  ...pagingEntries({ perPage: HC_SEARCH_PER_PAGE, maxPerPage: HC_MAX_PER_PAGE, maxPage: MAX_PAGE }),
  locale: v.optional(localeParam, HC_FALLBACK_LOCALE),
  category: v.optional(numericId),
})

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** Field errors of a request body, keyed as the form names them (requester.email, comment.body). */
function requestErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)) ?? []
    const field = (path[0] === 'request' && path.length > 1 ? path.slice(1) : path).join('.')
    // Blank (or only spaces, trimmed away) is "missing" to the person filling the form.
    const code =
      issue.input === undefined || issue.input === '' ? CommonCodes.MISSING : CommonCodes.INVALID
    const list = (errors[field || 'request'] ??= [])
    if (!list.includes(code)) list.push(code)
  }
  return errors
}

/** One line for mail subjects and the support queue (a pasted newline must not split headers). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The help centre: a Zendesk Help Center API subset (seeds 000 §2.7, §7.5), unauthenticated. */
export function helpCentreRoutes(app: FastifyInstance): Promise<void> {
  const base = `${app.prefix}/help_center`

  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 300) {
      void reply.header('cache-control', HC_CACHE_CONTROL)
    }
    return payload
  })

  // ---- Categories ----

  app.get('/help_center/:locale/categories', declare('public'), async (request) => {
    const { locale } = validate(LocaleParamsSchema, request.params)
    const query = validate(ListQuerySchema, request.query)
    const page = pageOf(query)
    const { rows, total } = await repo.listCategories(app.db, locale, page)
    return {
      categories: rows.map((row) => presentCategory(row, locale)),
      ...presentPage({ path: `${base}/${locale}/categories`, ...page, total }),
    }
  })

  app.get('/help_center/:locale/categories/:id', declare('public'), async (request) => {
    const { locale, id } = validate(ItemParamsSchema, request.params)
    const row = await repo.findCategory(app.db, locale, id)
    if (!row) throw notFound()
    return { category: presentCategory(row, locale) }
  })

  app.get('/help_center/:locale/categories/:id/sections', declare('public'), async (request) => {
    const { locale, id } = validate(ItemParamsSchema, request.params)
    const query = validate(ListQuerySchema, request.query)
    if (!(await repo.findCategory(app.db, locale, id))) throw notFound()
    const page = pageOf(query)
    const { rows, total } = await repo.listSections(app.db, locale, { categoryId: id }, page)
    return {
      sections: rows.map((row) => presentSection(row, locale)),
      ...presentPage({
        path: `${base}/${locale}/categories/${String(id)}/sections`,
        ...page,
        total,
      }),
    }
  })

  app.get('/help_center/:locale/categories/:id/articles', declare('public'), async (request) => {
    const { locale, id } = validate(ItemParamsSchema, request.params)
    const query = validate(ListQuerySchema, request.query)
    if (!(await repo.findCategory(app.db, locale, id))) throw notFound()
    const page = pageOf(query)
    const { rows, total } = await repo.listArticles(app.db, locale, { categoryId: id }, page)
    return {
      articles: rows.map((row) => presentArticle(row, locale)),
      ...presentPage({
        path: `${base}/${locale}/categories/${String(id)}/articles`,
        ...page,
        total,
      }),
    }
  })

  // ---- Sections ----

  app.get('/help_center/:locale/sections', declare('public'), async (request) => {
    const { locale } = validate(LocaleParamsSchema, request.params)
    const query = validate(ListQuerySchema, request.query)
    const page = pageOf(query)
    const { rows, total } = await repo.listSections(app.db, locale, {}, page)
    return {
      sections: rows.map((row) => presentSection(row, locale)),
      ...presentPage({ path: `${base}/${locale}/sections`, ...page, total }),
    }
  })

  app.get('/help_center/:locale/sections/:id', declare('public'), async (request) => {
    const { locale, id } = validate(ItemParamsSchema, request.params)
    const row = await repo.findSection(app.db, locale, id)
    if (!row) throw notFound()
    return { section: presentSection(row, locale) }
  })

  app.get('/help_center/:locale/sections/:id/articles', declare('public'), async (request) => {
    const { locale, id } = validate(ItemParamsSchema, request.params)
    const query = validate(ListQuerySchema, request.query)
    if (!(await repo.findSection(app.db, locale, id))) throw notFound()
    const page = pageOf(query)
    const { rows, total } = await repo.listArticles(app.db, locale, { sectionId: id }, page)
    return {
      articles: rows.map((row) => presentArticle(row, locale)),
      ...presentPage({ path: `${base}/${locale}/sections/${String(id)}/articles`, ...page, total }),
    }
  })

  // ---- Articles ----

  app.get('/help_center/:locale/articles', declare('public'), async (request) => {
    const { locale } = validate(LocaleParamsSchema, request.params)
    const query = validate(ListQuerySchema, request.query)
    const page = pageOf(query)
    const { rows, total } = await repo.listArticles(app.db, locale, {}, page)
    return {
      articles: rows.map((row) => presentArticle(row, locale)),
      ...presentPage({ path: `${base}/${locale}/articles`, ...page, total }),
    }
  })

  app.get('/help_center/:locale/articles/:id', declare('public'), async (request) => {
    const { locale, id } = validate(ItemParamsSchema, request.params)
    const row = await repo.findArticle(app.db, locale, id)
    if (!row) throw notFound()
    return { article: presentArticle(row, locale) }
  })

  // ---- Search ----

  app.get('/help_center/articles/search', declare('public'), async (request) => {
    const query = validate(SearchQuerySchema, request.query)
    const text = query.query?.trim() ?? ''
    if (text === '') throw validationFail({ query: [CommonCodes.MISSING] })
    const { locale } = query
    const { page, perPage: size } = pageOf(query)
    const terms = searchTerms(text)
    const candidates = await repo.allArticles(app.db, locale, {
      ...(query.category === undefined ? {} : { categoryId: query.category }),
    })
    const hits = rankArticles(
      candidates.map((row, order) => ({
        row,
        order,
        title: row.title,
        text: articleText(row.body),
      })),
      terms,
    )
    const shown = hits.slice(offsetOf({ page, perPage: size }), page * size)
    return {
      results: shown.map(({ candidate }) =>
        presentSearchResult(candidate.row, locale, snippet(candidate.text, terms)),
      ),
      ...presentPage({
        path: `${base}/articles/search`,
        params: {
          query: text,
          locale,
          category: query.category === undefined ? undefined : String(query.category),
        },
        page,
        perPage: size,
        total: hits.length,
      }),
    }
  })

  // ---- Requests (seeds 7.5) ----

  /** The caller's user id when a valid access token for a live account came along; else null. */
  async function signedInUserId(request: FastifyRequest): Promise<number | null> {
    const user = await optionalUser(app, request)
    if (!user) return null
    return (await repo.userExists(app.db, user.userId)) ? user.userId : null
  }

  app.post(
    '/requests',
    {
      ...declare('public'),
      bodyLimit: HC_REQUEST_BODY_LIMIT,
      onRequest: [perMinute(app, HC_REQUESTS_PER_MINUTE)],
    },
    async (request, reply) => {
      const parsed = v.safeParse(HcRequestSchema, request.body)
      if (!parsed.success) {
        throw new HttpError(422, CommonCodes.VALIDATION_FAIL, {
          errors: requestErrors(parsed.issues),
        })
      }
      const { requester, subject, comment, tags } = parsed.output.request
      const userId = await signedInUserId(request)
      const fields = {
        requesterName: oneLine(requester.name),
        requesterEmail: requester.email,
        subject: oneLine(subject),
        body: comment.body,
        tags: [...new Set(tags)],
      }
      const row = await repo.insertHelpCentreRequest(app.db, { userId, ...fields })
      await app.mailer.send(
        presentRequestMail({ to: SUPPORT_EMAIL, id: row.id, signedInUserId: userId, ...fields }),
      )
      request.log.info({ requestId: row.id, signedIn: userId !== null }, 'help-centre request')
      return reply
        .code(201)
        .send({ request: { id: row.id, status: 'new', subject: fields.subject } })
    },
  )

  return Promise.resolve()
}
