/**
 * The analytics service (seeds 001 §3 Analytics metadata, Chart form data, Chart series, §3.1–3.3,
 * §5, §9; issue 23 §2): the metric catalogue, the Chart form a client posts for one metric, the
 * Chart series rows it gets back, and the pure rules both sides read (filter values, sorting only
 * when split, hide-insignificant, video quality tiers, prefilters, mobile signal 0, grant limits).
 *
 * Grants limiting analytics values (seeds 001 §5 "filters isp, country and metric are restricted
 * to values listed in the user's grants for the panel"): an `analytics_ui` grant (Apollo or
 * test-measurements) scoped to a panel may carry, beside `panel`, comma-separated lists — `isps`
 * (ISP ids), `countries` (ISO country codes) and `metrics` (metric keys), e.g.
 * `{ panel: 3, isps: "2,5", countries: "GB", metrics: "httpgetmt,udpLatency" }`. Strings, not
 * arrays, so that a scope stays a GrantScope (contracts/auth.ts). A dimension is limited only when
 * every analytics_ui grant on the panel lists it (the union of their lists); an unscoped grant, a
 * grant without the list, global access or a developer leaves it open.
 */
import * as v from 'valibot'
import { hasGlobalAccess, isGlobalDeveloper, PANEL_SECTIONS } from './access.ts'
import type { Grants } from './auth.ts'
import { STORE_METRICS, type StoreMetricKey, type StoreMetricUnit } from './ingestion.ts'
import type { LocaleCode } from './locales.ts'

// ---------------------------------------------------------------------------------------------
// Constants of seeds 001 §3.1, §3.2, §9

/** §3.1 enterprise chart types. */
export const CHART_TYPES = [
  'aggregate',
  'raw',
  'column',
  'column_stacked',
  'boxplot',
  'cdf',
  'table',
  'map',
  'raw_map',
  'geo_heatmap',
  'lat_lon',
  'raw_mobile',
  'graph',
  'time_series',
] as const
export type ChartType = (typeof CHART_TYPES)[number]

/** §3.2: the 13 aggregations. */
export const AGGREGATIONS = [
  'hourly',
  'two_hourly',
  'four_hourly',
  'six_hourly',
  'eight_hourly',
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'hour_of_day',
  'day_of_week',
  'day_of_month',
  'raw',
] as const
export type Aggregation = (typeof AGGREGATIONS)[number]

/** Aggregations read from the per unit and local day summaries; the others from raw results. */
export const DAY_AGGREGATIONS: readonly Aggregation[] = [
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'day_of_week',
  'day_of_month',
]
/** Aggregations whose rows carry `aggregatedNumber` (hour 0–23, ISO weekday 1–7, day 1–31). */
export const NUMBERED_AGGREGATIONS: readonly Aggregation[] = [
  'hour_of_day',
  'day_of_week',
  'day_of_month',
]
/** The hours of one n-hourly bucket. */
export const HOURS_OF: Partial<Record<Aggregation, number>> = {
  hourly: 1,
  two_hourly: 2,
  four_hourly: 4,
  six_hourly: 6,
  eight_hourly: 8,
}

/** §9 percentile columns (50 is the median). */
export const PERCENTILES = [1, 5, 10, 20, 25, 75, 80, 90, 95, 99] as const
export type PercentileColumn = `perc_${(typeof PERCENTILES)[number]}`
export const PERCENTILE_COLUMNS: PercentileColumn[] = PERCENTILES.map((p) => `perc_${p}` as const)
/** What a chart plots and a split sorts by. */
export const PLOT_VALUES = [...PERCENTILE_COLUMNS, 'median', 'mean'] as const
export type PlotValue = PercentileColumn | 'median' | 'mean'
/** §9 confidence intervals and their two-sided z. */
export const CI_LEVELS = { ci90: 1.6449, ci95: 1.96, ci99: 2.5758 } as const
export type CiLevel = keyof typeof CI_LEVELS
/** Raw charts answer at most this many points; more is TOO_MUCH_DATA (export instead). */
export const RAW_POINT_LIMIT = 10_000
/** At most this many days in one chart. */
export const MAX_RANGE_DAYS = 400
/** Seeds §5/§9: normalisation is disabled on these panels (besides panels without units' packages). */
export const NORMALISATION_DISABLED_PANELS: readonly number[] = [4, 5]

// ---------------------------------------------------------------------------------------------
// The metric catalogue (§3.3)

export type MetricNames = Record<LocaleCode, string>
export type CatalogueMetric = {
  key: StoreMetricKey
  family: string
  metricUnit: StoreMetricUnit
  type: 'float' | 'integer'
  can_split: boolean
  /** Values that normalisation divides by the package's speed (download or upload). */
  normalisable: 'download' | 'upload' | null
  names: MetricNames
}

const NAMES: Record<StoreMetricKey, MetricNames> = {
  httpgetmt: {
    'en-GB': 'Download speed (multi-thread)',
    'fr-CA': 'Vitesse de téléchargement (multi-fil)',
    'ar-SA': 'سرعة التنزيل (متعدد المسارات)',
  },
  httpgetst: {
    'en-GB': 'Download speed (single thread)',
    'fr-CA': 'Vitesse de téléchargement (fil unique)',
    'ar-SA': 'سرعة التنزيل (مسار واحد)',
  },
  httppostmt: {
    'en-GB': 'Upload speed (multi-thread)',
    'fr-CA': 'Vitesse de téléversement (multi-fil)',
    'ar-SA': 'سرعة الرفع (متعدد المسارات)',
  },
  httppostst: {
    'en-GB': 'Upload speed (single thread)',
    'fr-CA': 'Vitesse de téléversement (fil unique)',
    'ar-SA': 'سرعة الرفع (مسار واحد)',
  },
  udpLatency: { 'en-GB': 'Latency', 'fr-CA': 'Latence', 'ar-SA': 'زمن الاستجابة' },
  udpPacketLoss: { 'en-GB': 'Packet loss', 'fr-CA': 'Perte de paquets', 'ar-SA': 'فقدان الحزم' },
  udpJitter: { 'en-GB': 'Jitter', 'fr-CA': 'Gigue', 'ar-SA': 'التذبذب' },
  dns_resolution: {
    'en-GB': 'DNS resolution time',
    'fr-CA': 'Temps de résolution DNS',
    'ar-SA': 'زمن تحليل DNS',
  },
  web_page_load: {
    'en-GB': 'Web page load time',
    'fr-CA': 'Temps de chargement de page Web',
    'ar-SA': 'زمن تحميل صفحة الويب',
  },
  video_netflix_bitrate: {
    'en-GB': 'Netflix video bitrate',
    'fr-CA': 'Débit vidéo Netflix',
    'ar-SA': 'معدل بت فيديو Netflix',
  },
  video_youtube_bitrate: {
    'en-GB': 'YouTube video bitrate',
    'fr-CA': 'Débit vidéo YouTube',
    'ar-SA': 'معدل بت فيديو YouTube',
  },
  voip_mos: { 'en-GB': 'VoIP MOS', 'fr-CA': 'MOS VoIP', 'ar-SA': 'جودة الصوت MOS' },
  responsiveness: { 'en-GB': 'Responsiveness', 'fr-CA': 'Réactivité', 'ar-SA': 'الاستجابة' },
  disconnection_count: {
    'en-GB': 'Disconnections',
    'fr-CA': 'Déconnexions',
    'ar-SA': 'حالات الانقطاع',
  },
  disconnection_duration: {
    'en-GB': 'Disconnection duration',
    'fr-CA': 'Durée des déconnexions',
    'ar-SA': 'مدة الانقطاع',
  },
  consistency_80_80: {
    'en-GB': 'Consistency 80/80',
    'fr-CA': 'Constance 80/80',
    'ar-SA': 'الثبات 80/80',
  },
  active_agent_count: {
    'en-GB': 'Active agents',
    'fr-CA': 'Agents actifs',
    'ar-SA': 'الوكلاء النشطون',
  },
  mobile_signal_strength: {
    'en-GB': 'Mobile signal strength',
    'fr-CA': 'Puissance du signal mobile',
    'ar-SA': 'قوة الإشارة الخلوية',
  },
}

const INTEGER_METRICS: readonly StoreMetricKey[] = ['disconnection_count', 'active_agent_count']
/** A count of agents is not split (each split value would count its own agents). */
const UNSPLITTABLE: readonly StoreMetricKey[] = ['active_agent_count']

export const METRIC_CATALOGUE: readonly CatalogueMetric[] = (
  Object.keys(STORE_METRICS) as StoreMetricKey[]
).map((key) => {
  const { family, unit } = STORE_METRICS[key]
  return {
    key,
    family,
    metricUnit: unit,
    type: INTEGER_METRICS.includes(key) ? 'integer' : 'float',
    can_split: !UNSPLITTABLE.includes(key),
    normalisable: family === 'download' ? 'download' : family === 'upload' ? 'upload' : null,
    names: NAMES[key],
  }
})
export const METRIC_KEYS = METRIC_CATALOGUE.map((m) => m.key)

/** §3.3: metrics whose key begins with one of these are always shown; others are picked. */
export const ALWAYS_SHOWN_PREFIXES = [
  'vcop_',
  'consistency_',
  'accc_tbps_',
  'short_term_reliability',
  'perc_above_90_evening_best_',
  'disconnection_',
] as const
export function isAlwaysShownMetric(key: string): boolean {
  return ALWAYS_SHOWN_PREFIXES.some((prefix) => key.startsWith(prefix))
}

export function catalogueMetric(key: string): CatalogueMetric | null {
  return METRIC_CATALOGUE.find((m) => m.key === key) ?? null
}

// ---------------------------------------------------------------------------------------------
// Filterables and splittables (Analytics metadata)

/** How a filterable's values are typed: ids (integers), text, or a positive numeric range. */
export type FilterableType = 'integer' | 'text' | 'range'
export const BUILTIN_FILTERABLES = {
  isp: 'integer',
  package: 'integer',
  technology: 'text',
  region: 'text',
  hub_site: 'text',
  cmts: 'text',
  country: 'text',
  /** The package's download speed in Mbps, a range. */
  package_download: 'range',
} as const satisfies Record<string, FilterableType>
export type BuiltinFilterable = keyof typeof BUILTIN_FILTERABLES
export const BUILTIN_SPLITTABLES = [
  'isp',
  'package',
  'technology',
  'region',
  'hub_site',
  'cmts',
  'country',
] as const
/** Custom fields (unit_attributes.custom) are filtered and split as `custom:<name>`. */
export const CUSTOM_PREFIX = 'custom:'

const FIELD_ID = v.pipe(
  v.string(),
  v.maxLength(80),
  v.check(
    (id) =>
      id in BUILTIN_FILTERABLES ||
      (id.startsWith(CUSTOM_PREFIX) && /^[\w .-]{1,64}$/.test(id.slice(CUSTOM_PREFIX.length))),
    'unknown field',
  ),
)

export const FilterableValueSchema = v.object({
  value: v.union([v.string(), v.number()]),
  label: v.string(),
})
export const FilterableSchema = v.object({
  id: v.string(),
  identifier: v.string(),
  type: v.picklist(['integer', 'text', 'range']),
  values: v.array(FilterableValueSchema),
  customDefined: v.boolean(),
})
export type Filterable = v.InferOutput<typeof FilterableSchema>
export const SplittableSchema = v.object({
  id: v.string(),
  identifier: v.string(),
  customDefined: v.boolean(),
})
export const AnalyticsMetadataSchema = v.object({
  data: v.object({
    panel: v.number(),
    metrics: v.array(
      v.object({
        key: v.string(),
        type: v.picklist(['float', 'integer']),
        can_split: v.boolean(),
        metricUnit: v.string(),
        family: v.string(),
        alwaysShown: v.boolean(),
        names: v.object({ 'en-GB': v.string(), 'fr-CA': v.string(), 'ar-SA': v.string() }),
      }),
    ),
    filterables: v.array(FilterableSchema),
    splittables: v.array(SplittableSchema),
    normalisable: v.boolean(),
  }),
})
export type AnalyticsMetadata = v.InferOutput<typeof AnalyticsMetadataSchema>['data']

// ---------------------------------------------------------------------------------------------
// Filter value rules (§5)

export type ParsedFilter =
  | { id: string; kind: 'integer'; values: number[] }
  | { id: string; kind: 'text'; values: string[] }
  | { id: string; kind: 'range'; from: number | null; to: number | null }

/** "Numbers and special characters only, separated by , or ;" for id lists. */
const INTEGER_TOKEN = /^\d{1,10}$/
/** Text values (technology, regions, hub sites, custom fields): no control or markup characters. */
const TEXT_TOKEN = /^[\p{L}\p{N} _.:/&()+'-]{1,100}$/u
/** "Positive round or positive decimal numbers". */
const RANGE_NUMBER = /^\d{1,9}(\.\d{1,6})?$/

function tokens(raw: string): string[] {
  return raw
    .split(/[,;]/)
    .map((token) => token.trim())
    .filter((token) => token !== '')
}

/**
 * Seeds §5: a filter's raw value by the filterable's type — integer lists converted to numbers,
 * text lists, or a positive range. Null when invalid (the caller refuses naming the field).
 */
export function parseFilterValue(
  id: string,
  type: FilterableType,
  raw: string | { from?: string | number | null; to?: string | number | null },
): ParsedFilter | null {
  if (type === 'range') {
    if (typeof raw === 'string') return null
    const bound = (value: string | number | null | undefined): number | null | undefined => {
      if (value === undefined || value === null || value === '') return null
      const text = String(value).trim()
      return RANGE_NUMBER.test(text) ? Number(text) : undefined
    }
    const from = bound(raw.from)
    const to = bound(raw.to)
    if (from === undefined || to === undefined) return null
    if (from === null && to === null) return null
    if (from !== null && to !== null && from > to) return null
    return { id, kind: 'range', from, to }
  }
  if (typeof raw !== 'string') return null
  const list = tokens(raw)
  if (list.length === 0 || list.length > 200) return null
  if (type === 'integer') {
    if (!list.every((token) => INTEGER_TOKEN.test(token))) return null
    return { id, kind: 'integer', values: [...new Set(list.map(Number))] }
  }
  if (!list.every((token) => TEXT_TOKEN.test(token))) return null
  return { id, kind: 'text', values: [...new Set(list)] }
}

/** The type of a filter id (custom fields are text). */
export function filterableType(id: string): FilterableType {
  return id in BUILTIN_FILTERABLES ? BUILTIN_FILTERABLES[id as BuiltinFilterable] : 'text'
}

// ---------------------------------------------------------------------------------------------
// The Chart form (seeds 001 §3 Chart form data)

const DAY = v.pipe(v.string(), v.isoDate())

export const ChartFilterSchema = v.object({
  id: FIELD_ID,
  value: v.union([
    v.pipe(v.string(), v.maxLength(2000)),
    v.object({
      from: v.optional(v.nullable(v.union([v.pipe(v.string(), v.maxLength(20)), v.number()]))),
      to: v.optional(v.nullable(v.union([v.pipe(v.string(), v.maxLength(20)), v.number()]))),
    }),
  ]),
})
export type ChartFilter = v.InferOutput<typeof ChartFilterSchema>

export const SORT_VALUES = PLOT_VALUES.flatMap((value) => [value, `-${value}`])

export const ChartFormSchema = v.object({
  metrics: v.pipe(
    v.array(v.object({ key: v.picklist(METRIC_KEYS), can_split: v.optional(v.boolean()) })),
    v.minLength(1),
    v.maxLength(20),
  ),
  chartType: v.picklist(CHART_TYPES),
  splits: v.optional(v.pipe(v.array(FIELD_ID), v.maxLength(1)), []),
  filters: v.optional(v.pipe(v.array(ChartFilterSchema), v.maxLength(20)), []),
  timeAggregation: v.picklist(AGGREGATIONS),
  agent_agg: v.optional(v.boolean(), false),
  normalised: v.optional(v.boolean(), false),
  date: v.pipe(
    v.object({ from: DAY, to: DAY }),
    v.forward(
      v.check(
        ({ from, to }) =>
          from <= to && (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_RANGE_DAYS,
        'from must not be after to',
      ),
      ['to'],
    ),
  ),
  /** A plot value to sort split rows by; a leading minus is ascending (§9). */
  sortBy: v.optional(v.nullable(v.picklist(SORT_VALUES))),
  plotValue: v.optional(v.picklist(PLOT_VALUES), 'median'),
  ci: v.optional(v.boolean(), false),
  /** Raw charts: the detailed point view (unit ids), advanced_analytics only. */
  detailed: v.optional(v.boolean(), false),
  hideInsignificant: v.optional(v.boolean(), false),
  panel: v.optional(v.number()),
})
export type ChartFormInput = v.InferInput<typeof ChartFormSchema>
export type ChartForm = v.InferOutput<typeof ChartFormSchema>

/** Seeds §5: sorting works only when the data is split; the sort applied, or null. */
export function effectiveSort(
  form: Pick<ChartForm, 'splits' | 'sortBy'>,
): { column: PlotValue; ascending: boolean } | null {
  if (!form.sortBy || form.splits.length === 0) return null
  const ascending = form.sortBy.startsWith('-')
  return { column: (ascending ? form.sortBy.slice(1) : form.sortBy) as PlotValue, ascending }
}

// ---------------------------------------------------------------------------------------------
// Chart series (seeds 001 §3 Chart series)

export type Interval = [low: number, high: number]
export type ChartRow = {
  dtime?: string
  aggregatedNumber?: number
  split?: string | null
  perc_1: number | null
  perc_5: number | null
  perc_10: number | null
  perc_20: number | null
  perc_25: number | null
  median: number | null
  perc_75: number | null
  perc_80: number | null
  perc_90: number | null
  perc_95: number | null
  perc_99: number | null
  mean: number | null
  sampleCount: number
  agentCount: number
  noData: number
  cantRun: number
  errors: number
  excluded: number
  ci90?: Interval | null
  ci95?: Interval | null
  ci99?: Interval | null
  /** chartType cdf: percentiles 1 to 100. */
  cdf?: (number | null)[]
}
export type RawPoint = {
  dtime: string
  localTime: string
  value: number | null
  status: string
  split?: string | null
  unitId?: number
}
export type ChartData = {
  metric: StoreMetricKey
  timeAggregation: Aggregation
  metricData: ChartRow[] | RawPoint[]
  sampleCount: number
  agentCount: number
  excluded: number
  statuses: { NO_DATA: number; DEVICE_CANT_RUN_TEST: number; ERROR: number }
}

// ---------------------------------------------------------------------------------------------
// §9 rules

/**
 * Seeds §9 hide-insignificant (enterprise view, more than 10 points): the last one or two points
 * are dropped when their sample count is under a tenth of the earlier count, or under half when
 * their value is an extreme. "The earlier count" is the median sample count of the points before
 * the last two; an extreme is a value outside the range of those points' values.
 */
export function hideInsignificant<T extends { sampleCount: number }>(
  points: readonly T[],
  valueOf: (point: T) => number | null,
): T[] {
  if (points.length <= 10) return [...points]
  const earlier = points.slice(0, -2)
  const counts = earlier.map((p) => p.sampleCount).sort((a, b) => a - b)
  const reference = counts[Math.floor((counts.length - 1) / 2)] ?? 0
  const values = earlier.map(valueOf).filter((x): x is number => x !== null)
  const low = Math.min(...values)
  const high = Math.max(...values)
  const kept = [...points]
  for (let dropped = 0; dropped < 2; dropped += 1) {
    const last = kept.at(-1)
    if (!last) break
    const value = valueOf(last)
    const extreme = value !== null && (value < low || value > high)
    const insignificant =
      last.sampleCount < reference / 10 || (extreme && last.sampleCount < reference / 2)
    if (!insignificant) break
    kept.pop()
  }
  return kept
}

/** §9 video bitrate thresholds in bits per second: below HD is sd, below UHD hd, else uhd. */
export const VIDEO_THRESHOLDS = {
  netflix: { hd: 375_000, uhd: 1_950_000 },
  youtube: { hd: 312_500, uhd: 850_000 },
  iplayer: { hd: 350_000, uhd: 1_000_000 },
} as const
export type VideoService = keyof typeof VIDEO_THRESHOLDS
export function videoQualityTier(
  service: VideoService,
  bitsPerSecond: number,
): 'sd' | 'hd' | 'uhd' {
  const { hd, uhd } = VIDEO_THRESHOLDS[service]
  if (bitsPerSecond < hd) return 'sd'
  if (bitsPerSecond < uhd) return 'hd'
  return 'uhd'
}

/**
 * §9 prefilter rules with values (results excluded as invalid), for the store's metrics: the
 * largest valid value by family and technology (Mbps; fixed lines: readings above 1 Gbps), jitter
 * at or above 1 s, MOS outside 0–5. Null: no upper limit. `minimum`: values below are excluded.
 */
export type Prefilter = { maximum: number | null; inclusiveMax: boolean; minimum: number | null }
const DOWNLOAD_MAX: Record<string, number> = { '3g': 42, '4g': 150, '5g': 2000 }
const UPLOAD_MAX: Record<string, number> = { '3g': 22, '4g': 75, '5g': 1000 }
const FIXED_MAX_MBPS = 1000
export function prefilterOf(metric: StoreMetricKey, technology: string | null): Prefilter {
  const family = STORE_METRICS[metric].family
  const tech = technology ?? ''
  if (family === 'download') {
    return { maximum: DOWNLOAD_MAX[tech] ?? FIXED_MAX_MBPS, inclusiveMax: true, minimum: null }
  }
  if (family === 'upload') {
    return { maximum: UPLOAD_MAX[tech] ?? FIXED_MAX_MBPS, inclusiveMax: true, minimum: null }
  }
  if (metric === 'udpJitter') return { maximum: 1000, inclusiveMax: false, minimum: null }
  if (metric === 'voip_mos') return { maximum: 5, inclusiveMax: true, minimum: 0 }
  return { maximum: null, inclusiveMax: true, minimum: null }
}
/** Whether a value passes the prefilter (kept). */
export function passesPrefilter(rule: Prefilter, value: number): boolean {
  if (rule.minimum !== null && value < rule.minimum) return false
  if (rule.maximum === null) return true
  return rule.inclusiveMax ? value <= rule.maximum : value < rule.maximum
}

/** §3.3: a mobile signal strength of exactly 0 is no value. */
export function isNoValue(metric: StoreMetricKey, value: number): boolean {
  return metric === 'mobile_signal_strength' && value === 0
}

// ---------------------------------------------------------------------------------------------
// Grants limiting analytics values (see the header)

export type AnalyticsLimits = {
  isps: number[] | null
  countries: string[] | null
  metrics: string[] | null
}
const LIMIT_KEYS = { isps: 'isps', countries: 'countries', metrics: 'metrics' } as const

/** The isp/country/metric values the caller's analytics_ui grants allow on the panel (null: any). */
export function analyticsLimits(grants: Grants, panel: number): AnalyticsLimits {
  const open: AnalyticsLimits = { isps: null, countries: null, metrics: null }
  if (isGlobalDeveloper(grants) || hasGlobalAccess(grants)) return open
  const scopes = PANEL_SECTIONS.flatMap((section) => {
    const granted = grants[section]?.analytics_ui
    if (granted === undefined) return []
    if (granted === true) return [null]
    return granted.filter((scope) => String(scope.panel) === String(panel))
  })
  if (scopes.length === 0 || scopes.includes(null)) return open
  const limitOf = (key: keyof typeof LIMIT_KEYS): string[] | null => {
    const lists: string[] = []
    for (const scope of scopes) {
      const listed = scope?.[LIMIT_KEYS[key]]
      if (listed === undefined) return null
      lists.push(...tokens(String(listed)))
    }
    return [...new Set(lists)]
  }
  const isps = limitOf('isps')
  return {
    isps: isps === null ? null : isps.filter((x) => INTEGER_TOKEN.test(x)).map(Number),
    countries: limitOf('countries'),
    metrics: limitOf('metrics'),
  }
}

/** Whether `value` is allowed by a limit (null: no limit). */
export function withinLimit<T>(limit: readonly T[] | null, value: T): boolean {
  return limit === null || limit.includes(value)
}

// ---------------------------------------------------------------------------------------------
// The chart-data answer, as the client reads it

const nullableNumber = v.nullable(v.number())
const IntervalSchema = v.nullable(v.tuple([v.number(), v.number()]))

export const ChartRowSchema = v.object({
  dtime: v.optional(v.string()),
  aggregatedNumber: v.optional(v.number()),
  split: v.optional(v.nullable(v.string())),
  perc_1: nullableNumber,
  perc_5: nullableNumber,
  perc_10: nullableNumber,
  perc_20: nullableNumber,
  perc_25: nullableNumber,
  median: nullableNumber,
  perc_75: nullableNumber,
  perc_80: nullableNumber,
  perc_90: nullableNumber,
  perc_95: nullableNumber,
  perc_99: nullableNumber,
  mean: nullableNumber,
  sampleCount: v.number(),
  agentCount: v.number(),
  noData: v.number(),
  cantRun: v.number(),
  errors: v.number(),
  excluded: v.number(),
  ci90: v.optional(IntervalSchema),
  ci95: v.optional(IntervalSchema),
  ci99: v.optional(IntervalSchema),
  cdf: v.optional(v.array(nullableNumber)),
})
export const RawPointSchema = v.object({
  dtime: v.string(),
  localTime: v.string(),
  value: nullableNumber,
  status: v.string(),
  split: v.optional(v.nullable(v.string())),
  unitId: v.optional(v.number()),
})

/** POST /panel/{pid}/chart-data: `{ data: ChartData }` (rows, or raw points for raw charts). */
export const ChartDataResponseSchema = v.object({
  data: v.object({
    metric: v.picklist(METRIC_KEYS),
    timeAggregation: v.picklist(AGGREGATIONS),
    metricData: v.union([v.array(RawPointSchema), v.array(ChartRowSchema)]),
    sampleCount: v.number(),
    agentCount: v.number(),
    excluded: v.number(),
    statuses: v.object({
      NO_DATA: v.number(),
      DEVICE_CANT_RUN_TEST: v.number(),
      ERROR: v.number(),
    }),
  }),
})
