/** Rows of the unit analytics repository → the JSON of contracts/unit-analytics.ts. */
import {
  CONSUMER_METRICS,
  CONSUMER_METRIC_KEYS,
  type ConsumerMetricKey,
} from '../../../contracts/metrics.ts'
import type {
  Aggregation,
  MetricPoint,
  MetricResults,
  ResultStatus,
} from '../../../contracts/unit-analytics.ts'
import type {
  AnomalyRow,
  BreachRow,
  BucketRow,
  ConsumerConfigRow,
  DisconnectionRow,
  RawRow,
  SkippedRow,
  TestRunRow,
} from './repository.ts'

const days = new Map<number, string>()
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'))

/**
 * Epoch seconds → ISO 8601 in UTC, like Date#toISOString. A month of hourly points calls this
 * 720 times per response; building the string from cached day prefixes is several times faster
 * than a Date per point (it showed at the top of the server's profile under load).
 */
export function isoOf(seconds: number): string {
  if (!Number.isInteger(seconds)) return new Date(seconds * 1000).toISOString()
  const day = Math.floor(seconds / 86_400)
  let prefix = days.get(day)
  if (prefix === undefined) {
    prefix = new Date(day * 86_400_000).toISOString().slice(0, 11)
    // Bounded: a few years of days at most, in practice the last few months.
    if (days.size > 5000) days.clear()
    days.set(day, prefix)
  }
  const rest = seconds - day * 86_400
  const hour = TWO_DIGITS[Math.floor(rest / 3600)] ?? '00'
  const minute = TWO_DIGITS[Math.floor((rest % 3600) / 60)] ?? '00'
  const second = TWO_DIGITS[rest % 60] ?? '00'
  return `${prefix}${hour}:${minute}:${second}.000Z`
}

/** Averages carry float noise; three decimals are more than any chart shows. */
const round3 = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000)

/** Whether a unit with this environment can run the metric's test (a mobile modem for signal). */
export function canRunMetric(
  key: ConsumerMetricKey,
  environment: Record<string, string | number | boolean> | null,
): boolean {
  if (CONSUMER_METRICS[key].family === 'mobile') return environment?.connection === 'mobile'
  return true
}

function bucketPoint(row: BucketRow): MetricPoint {
  const ok = row.count > 0
  const point: MetricPoint = {
    dtime: isoOf(row.bucket),
    metricValue: ok && row.sum !== null ? round3(row.sum / row.count) : null,
    status: ok ? 'OK' : (row.worst ?? 'NO_DATA'),
    count: row.count,
  }
  // One result: min and max are its value; leaving them out shrinks a month's response a lot.
  if (row.count > 1) {
    point.min = row.min
    point.max = row.max
  }
  return point
}

function rawPoint(row: RawRow): MetricPoint {
  return { dtime: isoOf(row.dtime), metricValue: row.value, status: row.status, testId: row.testId }
}

type Total = {
  sum: number
  count: number
  min: number | null
  max: number | null
  rows: number
  bytes: number
}

/** The range total rolled up from buckets or raw rows: sums and counts add up exactly. */
function totalOf(buckets: BucketRow[], raw: RawRow[] | null): Total {
  const total: Total = { sum: 0, count: 0, min: null, max: null, rows: 0, bytes: 0 }
  const extremes = (min: number | null, max: number | null) => {
    if (min !== null) total.min = total.min === null ? min : Math.min(total.min, min)
    if (max !== null) total.max = total.max === null ? max : Math.max(total.max, max)
  }
  if (raw) {
    for (const row of raw) {
      total.rows += 1
      total.bytes += row.bytes
      if (row.status !== 'OK' || row.value === null) continue
      total.sum += row.value
      total.count += 1
      extremes(row.value, row.value)
    }
    return total
  }
  for (const row of buckets) {
    total.rows += 1
    total.bytes += row.bytes
    total.count += row.count
    total.sum += row.sum ?? 0
    if (row.count === 1) extremes(row.sum, row.sum)
    else extremes(row.min, row.max)
  }
  return total
}

/**
 * The metric_results body of one metric. `buckets` are at the requested aggregation (empty for
 * raw, where `raw` holds the rows); `hourly` and `daily` are set when aggregates were asked for.
 */
export function presentMetricResults(input: {
  metricKey: ConsumerMetricKey
  aggregation: Aggregation
  includeTotal: boolean
  canRun: boolean
  buckets: BucketRow[]
  raw: RawRow[] | null
  aggregated: { hourly: BucketRow[]; daily: BucketRow[] } | null
  /** The range's latest result with a value, when looked up (aggregated requests). */
  latest?: RawRow | null
}): { data: MetricResults } {
  const { metricKey } = input
  const total = totalOf(input.buckets, input.raw)
  let status: ResultStatus = 'OK'
  if (!input.canRun) status = 'DEVICE_CANT_RUN_TEST'
  else if (total.rows === 0) status = 'NO_DATA'
  return {
    data: {
      status,
      metricMetadata: { metricKey, unit: CONSUMER_METRICS[metricKey].unit },
      results: input.raw ? input.raw.map(rawPoint) : input.buckets.map(bucketPoint),
      ...(input.aggregated
        ? {
            aggregatedDaily: input.aggregated.daily.map(bucketPoint),
            aggregatedHourly: input.aggregated.hourly.map(bucketPoint),
          }
        : {}),
      ...(input.includeTotal
        ? {
            total: {
              metricValue: total.count > 0 ? round3(total.sum / total.count) : null,
              count: total.count,
              min: total.min,
              max: total.max,
            },
          }
        : {}),
      dataUsage: { totalBytesProcessed: total.bytes },
      ...(input.includeTotal ? { latest: latestPoint(input.raw, input.latest ?? null) } : {}),
    },
  }
}

/** The latest result with a value: the last OK raw row, else the one looked up. */
function latestPoint(raw: RawRow[] | null, looked: RawRow | null): MetricResults['latest'] {
  let row = looked
  if (raw) {
    row = null
    for (const r of raw) if (r.status === 'OK' && r.value !== null) row = r
  }
  if (row === null || row.value === null) return null
  return { dtime: isoOf(row.dtime), metricValue: row.value, testId: row.testId }
}

/** GET disconnections: durations in seconds, null while in progress. */
export function presentDisconnections(rows: DisconnectionRow[], enabled: boolean) {
  return {
    data: rows.map((row) => ({
      id: row.id,
      dtime: isoOf(row.start),
      endDtime: row.end === null ? null : isoOf(row.end),
      metricValue: row.end === null ? null : Math.round(row.end - row.start),
      isUnreliable: row.isUnreliable,
    })),
    meta: { enabled },
  }
}

/** GET disconnection_in_progress: the seeds' results list of {dtime, isUnreliable}. */
export function presentDisconnectionsInProgress(rows: { start: number; isUnreliable: boolean }[]) {
  return { data: rows.map((row) => ({ dtime: isoOf(row.start), isUnreliable: row.isUnreliable })) }
}

/**
 * GET anomalies_in_progress: the outages over the unit's MAC domain, each with its collection in
 * the fault finder for a caller who may open it (anomaly-detection/view on the unit's panel).
 */
export function presentAnomaliesInProgress(rows: AnomalyRow[], mayOpenCollections: boolean) {
  return {
    data: {
      anomaliesInProgress: rows.map((row) => ({
        id: row.id,
        type: row.type,
        metric: row.metric,
        firstSeen: isoOf(row.firstSeen),
        collectionId: mayOpenCollections ? row.collectionId : null,
      })),
      macDomainOutage: rows.some((row) => row.type === 'outage'),
    },
  }
}

/** GET units/{id}/breaches. */
export function presentBreaches(rows: BreachRow[]) {
  return {
    data: rows.map((row) => ({
      metricKey: row.metricKey,
      dtime: isoOf(row.dtime),
      metricValue: row.value,
      threshold: row.threshold,
    })),
  }
}

/** GET skipped_tests. */
export function presentSkippedTests(rows: SkippedRow[], total: number) {
  return {
    data: rows.map((row) => ({
      dtime: isoOf(row.dtime),
      metricKey: row.metricKey,
      reason: row.reason,
    })),
    meta: { total },
  }
}

/** GET metrics: every consumer metric with whether this unit can run it. */
export function presentUnitMetrics(environment: Record<string, string | number | boolean> | null) {
  return {
    data: CONSUMER_METRIC_KEYS.map((key) => ({
      key,
      unit: CONSUMER_METRICS[key].unit,
      family: CONSUMER_METRICS[key].family,
      canRun: canRunMetric(key, environment),
    })),
  }
}

/** GET data_usage: bytes per local day and their sum. */
export function presentDataUsage(rows: { day: number; bytes: number }[]) {
  return {
    data: rows.map((row) => ({ dtime: isoOf(row.day), bytes: row.bytes })),
    meta: { totalBytes: rows.reduce((sum, row) => sum + row.bytes, 0) },
  }
}

/** GET test_results/{testId}: the run's time, origin and kind with each metric it produced. */
export function presentTestRun(testId: string, rows: [TestRunRow, ...TestRunRow[]]) {
  const first = rows[0]
  return {
    data: {
      testId,
      dtime: isoOf(Math.min(...rows.map((row) => row.dtime))),
      origin: first.origin,
      kind: first.kind,
      results: rows.map((row) => ({
        metricKey: row.metricKey,
        metricValue: row.value,
        status: row.status,
        bytes: row.bytes,
      })),
    },
  }
}

/** GET/POST consumer-config; a unit without a row has the defaults. */
export function presentConsumerConfig(row: ConsumerConfigRow | null) {
  return {
    data: {
      consumerConfig: row?.config ?? {},
      hasRestrictedMetrics: row?.hasRestrictedMetrics ?? false,
    },
  }
}
