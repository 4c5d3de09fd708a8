import * as v from 'valibot'
import {
  CONSUMER_METRIC_KEYS,
  isConsumerMetricKey,
  type ConsumerMetricKey,
} from '#contracts/metrics.ts'
import {
  checkFixedRange,
  DEFAULT_LAST_DAYS,
  LAST_DAYS_OPTIONS,
  type DateRangeChoice,
} from '../../lib/date-range'

const IsoDate = v.pipe(v.string(), v.isoDate())
const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined)

/** The page's state in the URL (shareable, kept by back and forward): range, metrics and unit. */
export const ConsumerAnalyticsSearchSchema = v.object({
  /** Last n days (7, 14, 30 or 90). */
  days: optional(v.picklist(LAST_DAYS_OPTIONS)),
  /** Fixed dates; used instead of `days` when both are valid. */
  from: optional(IsoDate),
  to: optional(IsoDate),
  /** Chosen metric keys, comma separated; empty means none chosen. */
  metrics: optional(v.string()),
  /** Which of the user's units. */
  unit: optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
})
export type ConsumerAnalyticsSearch = v.InferOutput<typeof ConsumerAnalyticsSearchSchema>

/** The metrics shown until the user chooses: download, upload and latency. */
export const DEFAULT_ANALYTICS_METRICS: readonly ConsumerMetricKey[] = [
  'httpgetmt',
  'httppostmt',
  'udpLatency',
]

/** The range the URL asks for: valid fixed dates, else the last n days (30 by default). */
export function choiceFromSearch(search: ConsumerAnalyticsSearch, today: string): DateRangeChoice {
  const { from, to } = search
  if (from !== undefined && to !== undefined && checkFixedRange(from, to, today) === null) {
    return { kind: 'fixed', from, to }
  }
  return { kind: 'last', days: search.days ?? DEFAULT_LAST_DAYS }
}

/** The search fields of a range (the other kind's fields cleared). */
export function searchForChoice(
  choice: DateRangeChoice,
): Pick<ConsumerAnalyticsSearch, 'days' | 'from' | 'to'> {
  return choice.kind === 'last'
    ? { days: choice.days, from: undefined, to: undefined }
    : { days: undefined, from: choice.from, to: choice.to }
}

/**
 * The metrics to show, in catalogue order: the URL's choice among those the unit reports
 * (`available`, null while unknown), else the defaults the unit reports, else its first metric.
 */
export function metricsFromSearch(
  param: string | undefined,
  available: readonly ConsumerMetricKey[] | null,
): ConsumerMetricKey[] {
  const reported = (key: ConsumerMetricKey) => available === null || available.includes(key)
  const inOrder = (keys: readonly ConsumerMetricKey[]) =>
    CONSUMER_METRIC_KEYS.filter((key) => keys.includes(key) && reported(key))
  if (param !== undefined) {
    const asked = param
      .split(',')
      .map((key) => key.trim())
      .filter(isConsumerMetricKey)
    const chosen = inOrder(asked)
    // An explicit empty choice stays empty; a choice of only unknown metrics falls back.
    if (chosen.length > 0 || param.trim() === '') return chosen
  }
  const defaults = inOrder(DEFAULT_ANALYTICS_METRICS)
  if (defaults.length > 0) return defaults
  const first = available?.[0]
  return first === undefined ? [] : [first]
}

/** The `metrics` search value of a choice. */
export function metricsParam(metrics: readonly ConsumerMetricKey[]): string {
  return metrics.join(',')
}
