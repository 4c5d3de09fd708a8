/**
 * The builder's chart types and its /analytics search on their own: the route's search check is
 * part of the router's start, which every page loads; the form's rules load with the builder.
 */
import * as v from 'valibot'
import { CHART_TYPES, type ChartType } from '#contracts/analytics.ts'
import { MAP_TYPES, type MapType } from '#contracts/maps.ts'

/** A §3.1 chart type drawn as a chart: not a map, nor time_series (loaded as aggregate). */
export type PlainChartType = Exclude<ChartType, MapType | 'time_series'>
const isPlainChartType = (type: ChartType): type is PlainChartType =>
  type !== 'time_series' && !(MAP_TYPES as readonly string[]).includes(type)

/** §3.1 chart types drawn as charts (not maps), in the contract's order. */
export const PLAIN_CHART_TYPES: readonly PlainChartType[] = CHART_TYPES.filter(isPlainChartType)
/** §3.1 chart types the builder draws: the charts, then the maps (issue 24). */
export const BUILDER_CHART_TYPES = [...PLAIN_CHART_TYPES, ...MAP_TYPES] as const
export type BuilderChartType = (typeof BUILDER_CHART_TYPES)[number]

/**
 * The /analytics search: the preset open (the presets list links to `?preset=<id>`), and the
 * chart type a new chart starts with (`/mapping` opens the builder on `?chart=map`).
 */
export const BuilderSearchSchema = v.object({
  chart: v.fallback(v.optional(v.picklist(BUILDER_CHART_TYPES)), undefined),
  preset: v.fallback(
    v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
    undefined,
  ),
})
export type BuilderSearch = v.InferOutput<typeof BuilderSearchSchema>
