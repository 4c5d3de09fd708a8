import * as v from 'valibot'
import { ConsumerMetricKeySchema, MetricUnitSchema } from './metrics.ts'

/** Seeds 000 §3: a result with one of these is returned (and shown) as is. */
export const ResultStatusSchema = v.picklist(['OK', 'NO_DATA', 'DEVICE_CANT_RUN_TEST', 'ERROR'])
export type ResultStatus = v.InferOutput<typeof ResultStatusSchema>

export const AggregationSchema = v.picklist(['raw', 'hourly', 'daily'])
export type Aggregation = v.InferOutput<typeof AggregationSchema>

const IsoDateTime = v.pipe(v.string(), v.isoTimestamp())

/** Longest range per aggregation, in days (longer asks are refused with VALIDATION_FAIL). */
export const MAX_RANGE_DAYS: Record<Aggregation, number> = { raw: 31, hourly: 92, daily: 400 }

/** POST unit-analytics /{unitId}/metric_results (seeds 7.4). */
export const MetricResultsRequestSchema = v.object({
  date: v.object({ from: IsoDateTime, to: IsoDateTime }),
  includeAggregated: v.optional(v.boolean(), false),
  includeTotal: v.optional(v.boolean(), false),
  localTargetSetResultsOnly: v.optional(v.boolean(), false),
  aggregation: v.optional(AggregationSchema, 'raw'),
  metric: ConsumerMetricKeySchema,
})
export type MetricResultsRequest = v.InferInput<typeof MetricResultsRequestSchema>

/** One point: a raw test result (testId set) or an aggregate bucket (count set). */
export const MetricPointSchema = v.object({
  dtime: v.string(),
  /** Null when status is not OK. */
  metricValue: v.nullable(v.number()),
  status: ResultStatusSchema,
  testId: v.optional(v.string()),
  count: v.optional(v.number()),
  /** Extremes of a bucket; absent when it holds at most one OK result (then both are metricValue). */
  min: v.optional(v.nullable(v.number())),
  max: v.optional(v.nullable(v.number())),
})
export type MetricPoint = v.InferOutput<typeof MetricPointSchema>

export const MetricResultsSchema = v.object({
  /** NO_DATA when the range holds nothing; DEVICE_CANT_RUN_TEST when the unit cannot run it. */
  status: ResultStatusSchema,
  metricMetadata: v.object({ metricKey: v.string(), unit: MetricUnitSchema }),
  /** Points at the requested aggregation, oldest first. */
  results: v.array(MetricPointSchema),
  aggregatedDaily: v.optional(v.array(MetricPointSchema)),
  aggregatedHourly: v.optional(v.array(MetricPointSchema)),
  total: v.optional(
    v.object({
      metricValue: v.nullable(v.number()),
      count: v.number(),
      min: v.nullable(v.number()),
      max: v.nullable(v.number()),
    }),
  ),
  dataUsage: v.object({ totalBytesProcessed: v.number() }),
  /**
   * With includeTotal: the range's most recent test with a value, whatever the aggregation (so
   * "Latest" is the same figure in every period view); null when the range holds none.
   */
  latest: v.optional(
    v.nullable(
      v.object({ dtime: v.string(), metricValue: v.number(), testId: v.optional(v.string()) }),
    ),
  ),
})
export type MetricResults = v.InferOutput<typeof MetricResultsSchema>
export const MetricResultsResponseSchema = v.object({ data: MetricResultsSchema })

/** Query of the range endpoints (disconnections, skipped_tests, breaches, data_usage). */
export const RangeQuerySchema = v.object({ from: IsoDateTime, to: IsoDateTime })

/** GET /{unitId}/disconnections: endDtime null = still in progress (seeds 3). */
export const DisconnectionSchema = v.object({
  id: v.number(),
  dtime: v.string(),
  endDtime: v.nullable(v.string()),
  /** Duration in seconds up to endDtime; null while in progress (the client measures to now). */
  metricValue: v.nullable(v.number()),
  isUnreliable: v.boolean(),
})
export type Disconnection = v.InferOutput<typeof DisconnectionSchema>
export const DisconnectionsResponseSchema = v.object({
  data: v.array(DisconnectionSchema),
  /** False when disconnection measurements are not enabled for the unit (seeds 8.5 notice). */
  meta: v.object({ enabled: v.boolean() }),
})

/** GET /{unitId}/disconnection_in_progress (a results list). */
export const DisconnectionInProgressResponseSchema = v.object({
  data: v.array(v.object({ dtime: v.string(), isUnreliable: v.boolean() })),
})

/** GET /{unitId}/anomalies_in_progress: area outages touching the unit's MAC domain. */
export const AnomaliesInProgressResponseSchema = v.object({
  data: v.object({
    anomaliesInProgress: v.array(
      v.object({
        id: v.number(),
        type: v.string(),
        metric: v.string(),
        firstSeen: v.string(),
        /** Its collection in the fault finder, for a caller who may open it (null otherwise). */
        collectionId: v.optional(v.nullable(v.number()), null),
      }),
    ),
    macDomainOutage: v.boolean(),
  }),
})

/** GET /units/{id}/breaches: results below the package's promise (speed under 50% of it). */
export const BreachesResponseSchema = v.object({
  data: v.array(
    v.object({
      metricKey: v.string(),
      dtime: v.string(),
      metricValue: v.number(),
      threshold: v.number(),
    }),
  ),
})

/** GET /{unitId}/skipped_tests. */
export const SkippedTestsResponseSchema = v.object({
  data: v.array(v.object({ dtime: v.string(), metricKey: v.string(), reason: v.string() })),
  meta: v.object({ total: v.number() }),
})

/** GET /{unitId}/scheduled_tests_daily?date=YYYY-MM-DD&metric=…&localTargetSetResultsOnly=… */
export const ScheduledTestsDailyResponseSchema = v.object({
  data: v.object({
    date: v.string(),
    metric: v.string(),
    scheduled: v.number(),
    ran: v.number(),
    skipped: v.number(),
  }),
})

/** GET /{unitId}/metrics: the metrics this unit reports, with whether it can run them. */
export const UnitMetricsResponseSchema = v.object({
  data: v.array(
    v.object({ key: v.string(), unit: MetricUnitSchema, family: v.string(), canRun: v.boolean() }),
  ),
})

/** GET /{unitId}/data_usage?from&to: bytes used by tests per day (the dashboard's tile). */
export const DataUsageResponseSchema = v.object({
  data: v.array(v.object({ dtime: v.string(), bytes: v.number() })),
  meta: v.object({ totalBytes: v.number() }),
})

/** GET /{unitId}/test_results/{testId}: every metric one run produced (the test result page). */
export const TestRunResponseSchema = v.object({
  data: v.object({
    testId: v.string(),
    dtime: v.string(),
    origin: v.picklist(['scheduled', 'web_app', 'web_iframe', 'ios_app', 'android_app']),
    kind: v.picklist(['scheduled', 'instant_test', 'instant_test_api']),
    results: v.array(
      v.object({
        metricKey: v.string(),
        metricValue: v.nullable(v.number()),
        status: ResultStatusSchema,
        bytes: v.number(),
      }),
    ),
  }),
})

/** GET/POST /{unitId}/consumer-config. */
export const ConsumerConfigResponseSchema = v.object({
  data: v.object({
    consumerConfig: v.record(v.string(), v.unknown()),
    hasRestrictedMetrics: v.boolean(),
  }),
})
export const ConsumerConfigUpdateSchema = v.object({ hasRestrictedMetrics: v.boolean() })

/** Longest range of the list endpoints (disconnections, skipped_tests, breaches, data_usage). */
export const MAX_LIST_RANGE_DAYS = 400

/** Query of GET /{unitId}/scheduled_tests_daily. */
export const ScheduledTestsDailyQuerySchema = v.object({
  date: v.pipe(v.string(), v.isoDate()),
  metric: ConsumerMetricKeySchema,
  localTargetSetResultsOnly: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
})

/** GET /{unitId}/consumer-config/has-restricted-metrics: 200 when true, 404 NOT_FOUND when false. */
export const HasRestrictedMetricsResponseSchema = v.object({
  data: v.object({ hasRestrictedMetrics: v.literal(true) }),
})

/** Field error code of a range longer than its endpoint allows (in a 400 VALIDATION_FAIL). */
export const RANGE_TOO_LONG = 'RANGE_TOO_LONG'
