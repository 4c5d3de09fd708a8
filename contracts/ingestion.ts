/**
 * The ingestion service (seeds 001 §7 "ingestion"): a unit posts its test results with its own
 * credential (`Authorization: Unit <token>`), never a user's token. One request is one batch of up
 * to MAX_BATCH results, accepted or refused as a whole; a result already stored (same unit, test
 * id, metric and time) is skipped, so a unit may resend a batch whose answer it did not get.
 */
import * as v from 'valibot'

/** How a metric's values are shown on an axis (seeds 001 §3.3). */
export type StoreMetricUnit =
  'Mbps' | 'ms' | '%' | 'count' | 'seconds' | 'MB' | 'RPM' | 'MOS' | 'dBm'

/**
 * The metrics of the measurement store, with the small id the results and summaries carry (ids
 * are stable: never reuse or renumber one). Families follow seeds 001 §3.3.
 */
export const STORE_METRICS = {
  httpgetmt: { id: 1, family: 'download', unit: 'Mbps' },
  httpgetst: { id: 2, family: 'download', unit: 'Mbps' },
  httppostmt: { id: 3, family: 'upload', unit: 'Mbps' },
  httppostst: { id: 4, family: 'upload', unit: 'Mbps' },
  udpLatency: { id: 5, family: 'latency', unit: 'ms' },
  udpPacketLoss: { id: 6, family: 'packet_loss', unit: '%' },
  udpJitter: { id: 7, family: 'latency', unit: 'ms' },
  dns_resolution: { id: 8, family: 'web', unit: 'ms' },
  web_page_load: { id: 9, family: 'web', unit: 'ms' },
  video_netflix_bitrate: { id: 10, family: 'video', unit: 'Mbps' },
  video_youtube_bitrate: { id: 11, family: 'video', unit: 'Mbps' },
  voip_mos: { id: 12, family: 'voip', unit: 'MOS' },
  responsiveness: { id: 13, family: 'responsiveness', unit: 'RPM' },
  disconnection_count: { id: 14, family: 'disconnection', unit: 'count' },
  disconnection_duration: { id: 15, family: 'disconnection', unit: 'seconds' },
  consistency_80_80: { id: 16, family: 'consistency', unit: '%' },
  active_agent_count: { id: 17, family: 'agents', unit: 'count' },
  mobile_signal_strength: { id: 18, family: 'mobile', unit: 'dBm' },
} as const satisfies Record<string, { id: number; family: string; unit: StoreMetricUnit }>

export type StoreMetricKey = keyof typeof STORE_METRICS
export const STORE_METRIC_KEYS = Object.keys(STORE_METRICS) as StoreMetricKey[]

/** The metric key of a stored id, or null. */
export function storeMetricKeyOf(id: number): StoreMetricKey | null {
  return STORE_METRIC_KEYS.find((key) => STORE_METRICS[key].id === id) ?? null
}

export const RESULT_STATUSES = ['OK', 'NO_DATA', 'DEVICE_CANT_RUN_TEST', 'ERROR'] as const
export type ResultStatus = (typeof RESULT_STATUSES)[number]

/** The largest magnitude of a value (no metric comes near; sums of such values stay finite). */
export const MAX_VALUE = 1e12
/** Results in one batch at most. */
export const MAX_BATCH = 1000
/** A result may be at most this far in the future of the server's clock (clock skew). */
export const MAX_FUTURE_SKEW_MS = 10 * 60_000

/** A mobile result's signal strength in dBm at most this low (0 is "no value", seeds 001 §3.3). */
export const MIN_SIGNAL_DBM = -200

/**
 * A mobile unit's GPS fix when it ran the test and the signal strength it saw. Stored as reported:
 * −1/−1 (no fix) and positions off the globe are kept and dropped when a map reads them (seeds 001
 * §5); anything not a number is refused.
 */
export const MobilePositionSchema = v.object({
  latitude: v.pipe(v.number(), v.finite(), v.minValue(-1_000), v.maxValue(1_000)),
  longitude: v.pipe(v.number(), v.finite(), v.minValue(-1_000), v.maxValue(1_000)),
  signal: v.optional(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(MIN_SIGNAL_DBM), v.maxValue(0))),
  ),
})

/**
 * One result: a metric value of one test run. `value` is required (finite) when status is OK and
 * must be absent or null otherwise; `dtime` is an ISO 8601 instant with its offset.
 */
export const IngestResultSchema = v.pipe(
  v.object({
    testId: v.pipe(v.string(), v.uuid()),
    metric: v.picklist(STORE_METRIC_KEYS),
    dtime: v.pipe(v.string(), v.isoTimestamp()),
    status: v.optional(v.picklist(RESULT_STATUSES), 'OK'),
    value: v.optional(
      v.nullable(v.pipe(v.number(), v.finite(), v.minValue(-MAX_VALUE), v.maxValue(MAX_VALUE))),
    ),
    /** Where a mobile unit ran the test, for raw mobile maps (stored: server/db/schema/maps.ts). */
    position: v.optional(MobilePositionSchema),
  }),
  v.forward(
    v.check(
      (result) =>
        (result.status === 'OK') === (result.value !== undefined && result.value !== null),
      'value is required exactly when status is OK',
    ),
    ['value'],
  ),
)
export type IngestResult = v.InferOutput<typeof IngestResultSchema>

export const IngestBatchSchema = v.object({
  results: v.pipe(v.array(IngestResultSchema), v.minLength(1), v.maxLength(MAX_BATCH)),
})
export type IngestBatch = v.InferOutput<typeof IngestBatchSchema>

/** The answer: how many results were stored now and how many were already there. */
export const IngestAnswerSchema = v.object({
  accepted: v.number(),
  duplicates: v.number(),
})
export type IngestAnswer = v.InferOutput<typeof IngestAnswerSchema>

/** Codes of the ingestion service. */
export const IngestionCodes = {
  /** No unit credential, or not this unit's (401). */
  UNIT_CREDENTIAL_INVALID: 'UNIT_CREDENTIAL_INVALID',
  /** A result's time is outside what the store accepts (too far in the future). */
  OUT_OF_RANGE: 'OUT_OF_RANGE',
} as const
