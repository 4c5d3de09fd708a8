/**
 * The chart builder's form (issue 23 §3; seeds 001 §3 Chart form data, Preset, §3.1, §3.2, §5,
 * §9) and its pure rules: defaults, the Chart forms sent (one per metric, §4 multiple-metric
 * loading), the preset data item saved and read back, the filter values checked as the server does.
 */
import * as v from 'valibot'
import {
  AGGREGATIONS,
  effectiveSort,
  filterableType,
  parseFilterValue,
  PLOT_VALUES,
  SORT_VALUES,
  type Aggregation,
  type ChartFilter,
  type ChartFormInput,
  type FilterableType,
  type PlotValue,
} from '#contracts/analytics.ts'
import {
  HEATMAP_POINT_RADIUS,
  MAP_TYPES,
  POINT_RADIUS_UNITS,
  type MapFormInput,
  type MapType,
  type PointRadiusUnit,
} from '#contracts/maps.ts'
import {
  loadedChartType,
  PRESET_ITEM_DEFAULTS,
  type PresetDataItemInput,
} from '#contracts/presets.ts'

import { BUILDER_CHART_TYPES, PLAIN_CHART_TYPES, type BuilderChartType } from './builder-search'

export {
  BUILDER_CHART_TYPES,
  BuilderSearchSchema,
  PLAIN_CHART_TYPES,
  type BuilderChartType,
  type BuilderSearch,
} from './builder-search'

/** Whether a chart type is drawn on a map (one metric, daily summaries, no split). */
export function isMapChart(chartType: string): chartType is MapType {
  return (MAP_TYPES as readonly string[]).includes(chartType)
}

/** The chart types a user may choose: the maps only with the maps permission on the panel. */
export function chartTypesFor(maps: boolean): readonly BuilderChartType[] {
  return maps ? BUILDER_CHART_TYPES : PLAIN_CHART_TYPES
}

/** Table columns a summary table may show (besides the split and time). */
export const TABLE_COLUMNS = [...PLOT_VALUES, 'sampleCount', 'agentCount'] as const
export const DEFAULT_TABLE_COLUMNS: readonly string[] = ['median', 'mean', 'sampleCount']

/** One filter as typed: a list of values, or a range's two bounds (nothing typed is lost). */
export type BuilderFilter = { id: string; value: string; from: string; to: string }

export type BuilderForm = {
  metrics: string[]
  chartType: BuilderChartType
  timeAggregation: Aggregation
  from: string
  to: string
  split: string | null
  filters: BuilderFilter[]
  plotValue: PlotValue
  sortBy: string | null
  tableColumns: string[]
  ci: boolean
  showRegression: boolean
  agentAgg: boolean
  normalised: boolean
  /** Raw charts: the points' units (advanced_analytics). */
  detailed: boolean
  /** Point maps (§9): the points' radius and its unit. */
  radius: number
  radiusUnit: PointRadiusUnit
  /** Aggregate maps: H3 hexagons following the zoom, or the units' regions. */
  area: 'h3' | 'region'
}

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The form of a new chart: download speed, daily median over the last 30 days (§9 defaults). */
export function defaultForm(now: number): BuilderForm {
  return {
    metrics: ['httpgetmt'],
    chartType: 'aggregate',
    timeAggregation: 'daily',
    from: isoDay(now - 29 * DAY_MS),
    to: isoDay(now),
    split: null,
    filters: [],
    plotValue: 'median',
    sortBy: null,
    tableColumns: [...DEFAULT_TABLE_COLUMNS],
    ci: PRESET_ITEM_DEFAULTS.ci,
    showRegression: PRESET_ITEM_DEFAULTS.showRegression,
    agentAgg: false,
    normalised: false,
    detailed: false,
    radius: HEATMAP_POINT_RADIUS,
    radiusUnit: 'px',
    area: 'h3',
  }
}

/** Point radius bounds (the preset item's heatmapPointRadius: 1 to 100,000). */
export const RADIUS_MIN = 1
export const RADIUS_MAX = 100_000
/** Whether a typed radius is one the preset and the map accept. */
export function validRadius(radius: number): boolean {
  return Number.isFinite(radius) && radius >= RADIUS_MIN && radius <= RADIUS_MAX
}

/** A raw chart reads raw results, and raw results draw a raw chart (the server's rule). */
export function withChartType(form: BuilderForm, chartType: BuilderChartType): BuilderForm {
  if (chartType === 'raw') return { ...form, chartType, timeAggregation: 'raw' }
  if (isMapChart(chartType)) {
    // A map draws one metric from daily summaries, unsplit; raw mobile is never normalised.
    return {
      ...form,
      chartType,
      metrics: form.metrics.slice(0, 1),
      timeAggregation: 'daily',
      split: null,
      sortBy: null,
      detailed: false,
      normalised: chartType === 'raw_mobile' ? false : form.normalised,
    }
  }
  const timeAggregation = form.timeAggregation === 'raw' ? 'daily' : form.timeAggregation
  return { ...form, chartType, timeAggregation, detailed: false }
}
export function withAggregation(form: BuilderForm, timeAggregation: Aggregation): BuilderForm {
  if (timeAggregation === 'raw') return { ...form, chartType: 'raw', timeAggregation }
  // A map reads daily summaries only: another aggregation is a line chart.
  const chartType =
    form.chartType === 'raw' || (isMapChart(form.chartType) && timeAggregation !== 'daily')
      ? 'aggregate'
      : form.chartType
  return { ...form, chartType, timeAggregation, detailed: false }
}
/**
 * The metrics after ticking (`on`) or unticking one: a map shows one metric, so ticking another
 * replaces it.
 */
export function withMetric(form: BuilderForm, key: string, on: boolean): BuilderForm {
  if (!on) return { ...form, metrics: form.metrics.filter((k) => k !== key) }
  if (isMapChart(form.chartType)) return { ...form, metrics: [key] }
  return form.metrics.includes(key) ? form : { ...form, metrics: [...form.metrics, key] }
}

/** §5: sorting works only when split; removing the split removes the sort. */
export function withSplit(form: BuilderForm, split: string | null): BuilderForm {
  return { ...form, split, sortBy: split === null ? null : form.sortBy }
}

/** A filter's typed value as the Chart form carries it (ranges as their two bounds). */
function chartFilter(filter: BuilderFilter): ChartFilter {
  return filterableType(filter.id) === 'range'
    ? { id: filter.id, value: { from: filter.from || null, to: filter.to || null } }
    : { id: filter.id, value: filter.value }
}

/** §5 filter rules as the server applies them: the ids of filters whose value is refused. */
export function invalidFilters(
  filters: readonly BuilderFilter[],
  typeOf: (id: string) => FilterableType = filterableType,
): string[] {
  return filters
    .filter((filter) => {
      const type = typeOf(filter.id)
      const raw = type === 'range' ? { from: filter.from, to: filter.to } : filter.value
      return parseFilterValue(filter.id, type, raw) === null
    })
    .map((filter) => filter.id)
}

/** Filters with something typed (an empty filter row is not sent). */
function filledFilters(filters: readonly BuilderFilter[]): BuilderFilter[] {
  return filters.filter((f) => f.value.trim() !== '' || f.from.trim() !== '' || f.to.trim() !== '')
}

/** Fields shared by the Chart forms of one builder form (everything but the metric). */
function sharedForm(form: BuilderForm, panel: number): Omit<ChartFormInput, 'metrics'> {
  const split = form.split === null ? [] : [form.split]
  const sortBy = effectiveSort({ splits: split, sortBy: form.sortBy })
  return {
    chartType: form.chartType,
    splits: split,
    filters: filledFilters(form.filters).map(chartFilter),
    timeAggregation: form.timeAggregation,
    agent_agg: form.agentAgg,
    normalised: form.normalised,
    date: { from: form.from, to: form.to },
    sortBy: sortBy === null ? null : form.sortBy,
    plotValue: form.plotValue,
    ci: form.ci,
    detailed: form.timeAggregation === 'raw' && form.detailed,
    panel,
  }
}

/**
 * Seeds §4 multiple-metric loading: one Chart form per metric (the server answers one metric per
 * request). `hideInsignificant` is the device's chart setting.
 */
export function chartFormsOf(
  form: BuilderForm,
  panel: number,
  hideInsignificant: boolean,
): ChartFormInput[] {
  if (isMapChart(form.chartType)) return []
  const shared = sharedForm(form, panel)
  return form.metrics.map((key) => ({
    ...shared,
    metrics: [{ key: key as ChartFormInput['metrics'][number]['key'] }],
    hideInsignificant,
  }))
}

/**
 * The map form of a map chart (contracts/maps.ts): its one metric, daily summaries, the area
 * kind of an aggregate map. Null for a chart that is not a map (or has no metric).
 */
export function mapFormOf(form: BuilderForm, panel: number): MapFormInput | null {
  const key = form.metrics[0]
  if (!isMapChart(form.chartType) || key === undefined) return null
  return {
    metrics: [{ key: key as MapFormInput['metrics'][number]['key'] }],
    chartType: form.chartType,
    mapType: form.chartType,
    timeAggregation: 'daily',
    filters: filledFilters(form.filters).map(chartFilter),
    agent_agg: form.agentAgg,
    normalised: form.normalised,
    date: { from: form.from, to: form.to },
    plotValue: form.plotValue,
    ...(form.chartType === 'map' ? { area: form.area } : {}),
    panel,
  }
}

/** The preset data item of a form: the Chart form with every metric, plus its display settings. */
export function presetItemOf(form: BuilderForm, panel: number): PresetDataItemInput {
  const item: PresetDataItemInput = {
    ...sharedForm(form, panel),
    metrics: form.metrics.map((key) => ({ key: key as ChartFormInput['metrics'][number]['key'] })),
    panel,
    tableColumns: form.tableColumns,
    showRegression: form.showRegression,
  }
  if (!isMapChart(form.chartType)) return item
  return {
    ...item,
    heatmapPointRadius: form.radius,
    heatmapPointRadiusUnit: form.radiusUnit,
    mapArea: form.area,
  }
}

const isBuilderChartType = (type: string): type is BuilderChartType =>
  (BUILDER_CHART_TYPES as readonly string[]).includes(type)

/** A stored filter's value back as typed text (ranges as their bounds). */
function builderFilter(filter: { id: string; value: unknown }): BuilderFilter {
  const { id, value } = filter
  if (typeof value === 'string') return { id, value, from: '', to: '' }
  if (typeof value === 'number') return { id, value: String(value), from: '', to: '' }
  const range = (value ?? {}) as { from?: unknown; to?: unknown }
  const text = (bound: unknown) =>
    typeof bound === 'string' || typeof bound === 'number' ? String(bound) : ''
  return { id, value: '', from: text(range.from), to: text(range.to) }
}

const StoredItemSchema = v.looseObject({
  metrics: v.array(v.looseObject({ key: v.string() })),
  chartType: v.string(),
  timeAggregation: v.fallback(v.picklist(AGGREGATIONS), 'daily'),
  date: v.object({ from: v.string(), to: v.string() }),
  splits: v.fallback(v.array(v.string()), []),
  filters: v.fallback(v.array(v.looseObject({ id: v.string(), value: v.unknown() })), []),
  plotValue: v.fallback(v.picklist(PLOT_VALUES), 'median'),
  sortBy: v.fallback(v.nullable(v.picklist(SORT_VALUES)), null),
  tableColumns: v.fallback(v.array(v.string()), [...DEFAULT_TABLE_COLUMNS]),
  ci: v.fallback(v.boolean(), PRESET_ITEM_DEFAULTS.ci),
  showRegression: v.fallback(v.boolean(), PRESET_ITEM_DEFAULTS.showRegression),
  agent_agg: v.fallback(v.boolean(), false),
  normalised: v.fallback(v.boolean(), false),
  detailed: v.fallback(v.boolean(), false),
  heatmapPointRadius: v.fallback(
    v.pipe(v.number(), v.check(validRadius)),
    PRESET_ITEM_DEFAULTS.heatmapPointRadius,
  ),
  heatmapPointRadiusUnit: v.fallback(v.picklist(POINT_RADIUS_UNITS), 'px'),
  mapArea: v.fallback(v.picklist(['h3', 'region']), 'h3'),
})

/**
 * A preset's data item as a form (§3.1: time_series loads as aggregate; a map keeps its type,
 * radius and area kind). Null when the item is not a chart form.
 */
export function formOfPresetItem(item: unknown, now: number): BuilderForm | null {
  const parsed = v.safeParse(StoredItemSchema, item)
  if (!parsed.success || parsed.output.metrics.length === 0) return null
  const stored = parsed.output
  const loaded = loadedChartType(stored.chartType as Parameters<typeof loadedChartType>[0])
  const chartType: BuilderChartType = isBuilderChartType(loaded) ? loaded : 'aggregate'
  const base = defaultForm(now)
  const form: BuilderForm = {
    ...base,
    metrics: stored.metrics.map((m) => m.key),
    chartType,
    timeAggregation: stored.timeAggregation,
    from: stored.date.from,
    to: stored.date.to,
    split: stored.splits[0] ?? null,
    filters: stored.filters.map(builderFilter),
    plotValue: stored.plotValue,
    sortBy: stored.sortBy,
    tableColumns: stored.tableColumns,
    ci: stored.ci,
    showRegression: stored.showRegression,
    agentAgg: stored.agent_agg,
    normalised: stored.normalised,
    detailed: stored.detailed,
    radius: stored.heatmapPointRadius,
    radiusUnit: stored.heatmapPointRadiusUnit,
    area: stored.mapArea,
  }
  // A map keeps its own rules; else the raw rule whichever field the item set.
  if (isMapChart(chartType)) return withChartType(form, chartType)
  return chartType === 'raw' || stored.timeAggregation === 'raw'
    ? withChartType(form, 'raw')
    : withAggregation(form, form.timeAggregation)
}

/** Whether two forms ask for the same chart (the changed-form flag). */
export function sameForm(a: BuilderForm, b: BuilderForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
