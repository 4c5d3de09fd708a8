import * as v from 'valibot'
import { PAGE_SIZES, PaginationSchema, pagingEntries, sortTexts } from './pagination.ts'

/** Seeds 000 §3: an update is news for consumers or for enterprise users. */
export const FeatureUpdateTypeSchema = v.picklist(['consumer', 'enterprise'])
export type FeatureUpdateType = v.InferOutput<typeof FeatureUpdateTypeSchema>

/** Seeds 000 §9: the modal pages read updates 5 at a time; the full fetch asks for 10000. */
export const FEATURE_UPDATES_PAGE_SIZE = PAGE_SIZES.featureUpdates
export const FEATURE_UPDATES_FULL_FETCH = PAGE_SIZES.referenceData

/**
 * Seeds 000 §3 feature update: title and description in the caller's default locale
 * (description is HTML, sanitised by the server when stored), times in epoch seconds.
 */
export const FeatureUpdateSchema = v.object({
  id: v.number(),
  type: FeatureUpdateTypeSchema,
  title: v.string(),
  description: v.string(),
  createdAt: v.number(),
  /** When the user marked it read (epoch seconds), null while unread. */
  last_read_date: v.nullable(v.number()),
})
export type FeatureUpdate = v.InferOutput<typeof FeatureUpdateSchema>

export { PaginationSchema, type Pagination } from './pagination.ts'

/** GET users/{userId}/feature_updates/read and GET users/{sub}/feature_updates. */
export const FeatureUpdatePageSchema = v.object({
  data: v.array(FeatureUpdateSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type FeatureUpdatePage = v.InferOutput<typeof FeatureUpdatePageSchema>

/** GET users/{userId}/feature_updates/unread (the seeds do not show this path): every unread one. */
export const FeatureUpdateListSchema = v.object({ data: v.array(FeatureUpdateSchema) })

/** PUT users/{userId}/feature_updates/{updateId} answers with the update as now read. */
export const FeatureUpdateResponseSchema = v.object({ data: FeatureUpdateSchema })

/**
 * The navigation apps the caller has (`apps=dashboard,analytics`): only updates about one of them,
 * or about no app in particular, are listed. Absent: every update of the type.
 */
const AppsQuerySchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^(?:[a-z][a-z-]{0,39}(?:,[a-z][a-z-]{0,39}){0,39})?$/),
    // Empty: the caller has no app, so only updates about no app in particular.
    v.transform((list) => (list === '' ? [] : list.split(','))),
  ),
)

/**
 * Query of the paged lists: page from 1, per_page up to the full fetch, newest first by default
 * (`-id`: a leading minus sorts descending, contracts/pagination.ts).
 */
export const FeatureUpdatePageQuerySchema = v.object({
  ...pagingEntries({
    perPage: FEATURE_UPDATES_PAGE_SIZE,
    maxPerPage: FEATURE_UPDATES_FULL_FETCH,
  }),
  sorts: v.optional(v.picklist(sortTexts(['id'])), '-id'),
  type: v.optional(FeatureUpdateTypeSchema),
  apps: AppsQuerySchema,
})
export type FeatureUpdatePageQuery = v.InferOutput<typeof FeatureUpdatePageQuerySchema>

/** Query of the unread list. */
export const FeatureUpdateUnreadQuerySchema = v.object({
  type: v.optional(FeatureUpdateTypeSchema),
  apps: AppsQuerySchema,
})

/** Latest accepted read time: the end of year 9999, where PostgreSQL timestamps still hold. */
export const MAX_READ_DATE_SECONDS = 253_402_300_799

/** Body of the PUT: when the user read it, in epoch seconds. */
export const FeatureUpdateReadBodySchema = v.object({
  last_read_date: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_READ_DATE_SECONDS)),
})
export type FeatureUpdateReadBody = v.InferOutput<typeof FeatureUpdateReadBodySchema>
