import * as v from 'valibot'
import { trimmedText } from './primitives.ts'

/**
 * The help centre (seeds 000 §2.7, §7.5): a subset of the Zendesk Help Center API shape, served
 * unauthenticated under /api/hc. Paths (relative to /api/hc):
 *   GET  help_center/{locale}/articles?per_page             → ArticleListSchema
 *   GET  help_center/{locale}/articles/{id}                 → { article }
 *   GET  help_center/{locale}/categories                    → CategoryListSchema
 *   GET  help_center/{locale}/categories/{id}               → { category }
 *   GET  help_center/{locale}/categories/{id}/sections      → SectionListSchema
 *   GET  help_center/{locale}/categories/{id}/articles      → ArticleListSchema
 *   GET  help_center/{locale}/sections                      → SectionListSchema
 *   GET  help_center/{locale}/sections/{id}                 → { section }
 *   GET  help_center/{locale}/sections/{id}/articles        → ArticleListSchema
 *   GET  help_center/articles/search?query&page&per_page&locale&category → SearchResultsSchema
 *   POST requests { request: { requester, subject, comment: { body }, priority, tags } } → 201
 * An item missing in the asked locale falls back to en-gb (its `locale` then says en-gb; its
 * `html_url` stays in the asked locale, where the app shows it). {locale} is case-insensitive and
 * also takes the app's codes (en-GB, ar-SA, fr-CA): see toHcLocale.
 * GET answers carry `Cache-Control: public, max-age=300`.
 * Errors: 400 VALIDATION_FAIL with `errors` (locale, id, page, per_page, query: MISSING when empty,
 * category); 404 NOT_FOUND; POST requests: 422 VALIDATION_FAIL with `errors` keyed requester.name,
 * requester.email, subject, comment.body, priority, tags (codes MISSING or INVALID; INVALID also
 * means longer than HC_REQUEST_LIMITS), 413 PAYLOAD_TOO_LARGE over 32 KB, 429 RATE_LIMITED.
 */

/** Zendesk locale codes of the three app locales; en-gb is the fallback (seeds 9). */
export const HC_LOCALES = ['en-gb', 'ar', 'fr-ca'] as const
export const HcLocaleSchema = v.picklist(HC_LOCALES)
export type HcLocale = v.InferOutput<typeof HcLocaleSchema>
export const HC_FALLBACK_LOCALE: HcLocale = 'en-gb'

const HC_LOCALE_ALIASES = new Map<string, HcLocale>([
  ['en-gb', 'en-gb'],
  ['ar', 'ar'],
  ['ar-sa', 'ar'],
  ['fr-ca', 'fr-ca'],
])

/** The help-centre locale for a code in any case, with `-` or `_` (en-GB, ar_SA, fr-ca…); null if none. */
export function toHcLocale(code: string): HcLocale | null {
  return HC_LOCALE_ALIASES.get(code.toLowerCase().replace('_', '-')) ?? null
}

/** Seeds 9: article lists 100 a page, search 10 a page. */
export const HC_ARTICLES_PER_PAGE = 100
export const HC_SEARCH_PER_PAGE = 10
/** Largest per_page of any list, and the longest search query (characters). */
export const HC_MAX_PER_PAGE = 100
export const HC_SEARCH_QUERY_MAX = 200

export const HcCategorySchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  locale: HcLocaleSchema,
  position: v.number(),
  /** The app's page for it, e.g. /hc/en-gb/categories/1. */
  html_url: v.string(),
  updated_at: v.string(),
})
export type HcCategory = v.InferOutput<typeof HcCategorySchema>

export const HcSectionSchema = v.object({
  id: v.number(),
  category_id: v.number(),
  name: v.string(),
  description: v.string(),
  locale: HcLocaleSchema,
  position: v.number(),
  html_url: v.string(),
  updated_at: v.string(),
})
export type HcSection = v.InferOutput<typeof HcSectionSchema>

export const HcArticleSchema = v.object({
  id: v.number(),
  section_id: v.number(),
  title: v.string(),
  /** HTML; the client sanitises it again before rendering. */
  body: v.string(),
  locale: HcLocaleSchema,
  position: v.number(),
  label_names: v.array(v.string()),
  promoted: v.boolean(),
  html_url: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
})
export type HcArticle = v.InferOutput<typeof HcArticleSchema>

/** Zendesk offset pagination fields of every list. */
const PageFields = {
  page: v.number(),
  per_page: v.number(),
  page_count: v.number(),
  count: v.number(),
  /** Absolute path of the next page, null on the last. */
  next_page: v.nullable(v.string()),
  previous_page: v.nullable(v.string()),
}

export const HcCategoryListSchema = v.object({
  categories: v.array(HcCategorySchema),
  ...PageFields,
})
export const HcSectionListSchema = v.object({ sections: v.array(HcSectionSchema), ...PageFields })
export const HcArticleListSchema = v.object({ articles: v.array(HcArticleSchema), ...PageFields })
export const HcCategoryResponseSchema = v.object({ category: HcCategorySchema })
export const HcSectionResponseSchema = v.object({ section: HcSectionSchema })
export const HcArticleResponseSchema = v.object({ article: HcArticleSchema })

export const HcSearchResultSchema = v.object({
  ...HcArticleSchema.entries,
  /** Plain text around the first match, with the matched words wrapped in <em>. */
  snippet: v.string(),
  /** Names for the breadcrumb under each result. */
  category_id: v.number(),
})
export type HcSearchResult = v.InferOutput<typeof HcSearchResultSchema>
export const HcSearchResultsSchema = v.object({
  results: v.array(HcSearchResultSchema),
  ...PageFields,
})
export type HcSearchResults = v.InferOutput<typeof HcSearchResultsSchema>

export const HC_REQUEST_LIMITS = { name: 100, subject: 150, body: 5000, tags: 10 } as const

/** POST requests: priority is fixed to low (seeds 7.5); tags say where the request came from. */
export const HcRequestSchema = v.object({
  request: v.object({
    requester: v.object({
      name: trimmedText(HC_REQUEST_LIMITS.name),
      email: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254)),
    }),
    subject: trimmedText(HC_REQUEST_LIMITS.subject),
    comment: v.object({
      body: trimmedText(HC_REQUEST_LIMITS.body),
    }),
    priority: v.literal('low'),
    tags: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,40}$/))),
        v.maxLength(HC_REQUEST_LIMITS.tags),
      ),
      [],
    ),
  }),
})
export type HcRequest = v.InferInput<typeof HcRequestSchema>
export const HcRequestCreatedSchema = v.object({
  request: v.object({ id: v.number(), status: v.literal('new'), subject: v.string() }),
})
