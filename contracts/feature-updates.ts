import * as v from 'valibot'
import { PaginationSchema } from './pagination.ts'

/** Seeds 000 §3: an update is news for consumers or for enterprise users. */
export const FeatureUpdateTypeSchema = v.picklist(['consumer', 'enterprise'])
export type FeatureUpdateType = v.InferOutput<typeof FeatureUpdateTypeSchema>

/** Seeds 000 §9: the modal pages read updates 5 at a time; the full fetch asks for 10000. */
export const FEATURE_UPDATES_PAGE_SIZE = 5
export const FEATURE_UPDATES_FULL_FETCH = 10_000

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

const digits = (max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), v.minValue(1), v.maxValue(max))

/** Query of the paged lists: page from 1, per_page up to the full fetch, newest first by default. */
export const FeatureUpdatePageQuerySchema = v.object({
  page: v.optional(digits(1_000_000), '1'),
  per_page: v.optional(digits(FEATURE_UPDATES_FULL_FETCH), String(FEATURE_UPDATES_PAGE_SIZE)),
  sorts: v.optional(v.picklist(['-id', 'id']), '-id'),
  type: v.optional(FeatureUpdateTypeSchema),
})
export type FeatureUpdatePageQuery = v.InferOutput<typeof FeatureUpdatePageQuerySchema>

/** Query of the unread list. */
export const FeatureUpdateUnreadQuerySchema = v.object({
  type: v.optional(FeatureUpdateTypeSchema),
})

/** Latest accepted read time: the end of year 9999, where PostgreSQL timestamps still hold. */
export const MAX_READ_DATE_SECONDS = 253_402_300_799

/** Body of the PUT: when the user read it, in epoch seconds. */
export const FeatureUpdateReadBodySchema = v.object({
  last_read_date: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_READ_DATE_SECONDS)),
})
export type FeatureUpdateReadBody = v.InferOutput<typeof FeatureUpdateReadBodySchema>
