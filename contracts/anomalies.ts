/**
 * The anomaly service (seeds 001 §2.3, §3 Anomaly collection, §4 Anomaly list, §7.2, §9): the
 * fault finder's inbox of anomaly collections a detector finds in a panel's results.
 *
 * Calls (relative to /api/anomaly): `GET /panels/{pid}/collections` with `state[]` filters,
 * `search`, `per_page` (20), `page` and `sorts` (`-first_seen`, newest first, the default);
 * `GET /collections/{id}`; `GET /collections/{id}/anomalies/{anomalyId}?include=trend`. All need
 * anomaly-detection/view on the collection's panel; a collection on a panel the caller may not
 * view is not found (404 ANOMALY_NOT_FOUND), as one that does not exist.
 *
 * A collection is one area's problem (a hub site's units; a MAC domain for the outages the unit
 * page reports): the anomalies of that area that overlap in time. An anomaly is one metric going
 * wrong in one way (its type) over consecutive days. Collections are `new` on the day they are
 * first seen, `ongoing` after, `closed` once none of their anomalies is seen any more. The inbox's
 * active tab lists new and ongoing collections; the closed tab the last 30 days' closed ones.
 */
import * as v from 'valibot'
import { ANOMALY_STATES } from './anomaly-inbox.ts'
import { CommonCodes } from './errors.ts'
import { PaginationSchema, sortTexts } from './pagination.ts'

export {
  ANOMALY_SEARCH_MAX,
  ANOMALY_STATES,
  CLOSED_LIST_DAYS,
  INBOX_TAB_NAMES,
  INBOX_TABS,
  type AnomalyState,
  type InboxTab,
} from './anomaly-inbox.ts'
/** 001 §3 anomaly types. */
export const ANOMALY_TYPES = ['sample_size', 'success_rate', 'measurement', 'outage'] as const
export type AnomalyType = (typeof ANOMALY_TYPES)[number]

/** 001 §3 anomaly metrics. */
export const ANOMALY_METRICS = [
  'upload',
  'download',
  'latency',
  'packet_loss',
  'disconnection',
  'outage',
] as const
export type AnomalyMetric = (typeof ANOMALY_METRICS)[number]

/** 001 §9: the list's page size and its one sort. */
export const ANOMALY_SORT_COLUMNS = ['first_seen'] as const
export const ANOMALY_SORTS = sortTexts(ANOMALY_SORT_COLUMNS)
export const DEFAULT_ANOMALY_SORT = '-first_seen'

export const AnomalyCodes = {
  ANOMALY_NOT_FOUND: CommonCodes.ANOMALY_NOT_FOUND,
} as const

/** What an anomaly's value is counted in. */
export const ANOMALY_UNITS = ['Mbps', 'ms', '%', 'tests'] as const
export type AnomalyUnit = (typeof ANOMALY_UNITS)[number]

// ---------------------------------------------------------------------------------------------
// Responses

/** 001 §3 metadata: hub site, CMTS name, MAC domain (the ones the area has). */
export const AnomalyAreaSchema = v.object({
  hub_site: v.nullable(v.string()),
  cmts_name: v.nullable(v.string()),
  mac_domain: v.nullable(v.string()),
})
export type AnomalyArea = v.InferOutput<typeof AnomalyAreaSchema>

/** One day of an anomaly's trend: the area's value and what it usually is. */
export const TrendPointSchema = v.object({
  /** Local day, YYYY-MM-DD. */
  day: v.string(),
  value: v.nullable(v.number()),
  baseline: v.nullable(v.number()),
})
export type TrendPoint = v.InferOutput<typeof TrendPointSchema>

export const AnomalySchema = v.object({
  id: v.number(),
  type: v.picklist(ANOMALY_TYPES),
  metric: v.picklist(ANOMALY_METRICS),
  state: v.picklist(ANOMALY_STATES),
  /** ISO instants. */
  first_seen: v.string(),
  last_seen: v.string(),
  closed_at: v.nullable(v.string()),
  /**
   * The worst day's value and the baseline it was compared with, in the unit of `unit`: Mbps for
   * speeds, ms for latency, % for packet loss and success rate, tests a day for sample size;
   * null for outages (no value).
   */
  value: v.nullable(v.number()),
  baseline: v.nullable(v.number()),
  unit: v.nullable(v.picklist(ANOMALY_UNITS)),
  /** Present when asked with include=trend. */
  trend: v.optional(v.array(TrendPointSchema)),
})
export type Anomaly = v.InferOutput<typeof AnomalySchema>

export const AnomalyCollectionSchema = v.object({
  id: v.number(),
  panel_id: v.number(),
  state: v.picklist(ANOMALY_STATES),
  first_seen: v.string(),
  last_seen: v.string(),
  closed_at: v.nullable(v.string()),
  metadata: AnomalyAreaSchema,
  /** Units in the area when it was last looked at. */
  units: v.number(),
  anomalies: v.array(AnomalySchema),
})
export type AnomalyCollection = v.InferOutput<typeof AnomalyCollectionSchema>

export const AnomalyCollectionListSchema = v.object({
  data: v.array(AnomalyCollectionSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type AnomalyCollectionList = v.InferOutput<typeof AnomalyCollectionListSchema>

export const AnomalyCollectionResponseSchema = v.object({ data: AnomalyCollectionSchema })
export const AnomalyResponseSchema = v.object({ data: AnomalySchema })

// ---------------------------------------------------------------------------------------------
// Rules

/** The unit an anomaly's value is in: by type, and for measurements by metric; null for outages. */
export function unitOf(type: AnomalyType, metric: AnomalyMetric): AnomalyUnit | null {
  if (type === 'success_rate') return '%'
  if (type === 'sample_size') return 'tests'
  if (type === 'outage') return null
  if (metric === 'download' || metric === 'upload') return 'Mbps'
  if (metric === 'latency') return 'ms'
  if (metric === 'packet_loss') return '%'
  return null
}

/** Whether a higher value of the metric is worse (latency, loss) or better (speeds). */
export function higherIsWorse(metric: AnomalyMetric): boolean {
  return metric === 'latency' || metric === 'packet_loss' || metric === 'disconnection'
}

/**
 * How far the worst day is from the baseline, signed, as a share of the baseline (−0.42 = 42%
 * below); null without both or with a zero baseline.
 */
export function changeOf(anomaly: Pick<Anomaly, 'value' | 'baseline'>): number | null {
  if (anomaly.value === null || anomaly.baseline === null || anomaly.baseline === 0) return null
  return (anomaly.value - anomaly.baseline) / anomaly.baseline
}
