import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { Aggregation, AnalyticsMetadata } from '#contracts/analytics.ts'
import type { PointRadiusUnit } from '#contracts/maps.ts'
import type { BuilderChartType } from './builder-form'

export const CHART_TYPE_NAMES: Record<BuilderChartType, MessageDescriptor> = {
  aggregate: msg`Line (aggregate)`,
  raw: msg`Scatter (raw results)`,
  column: msg`Columns`,
  column_stacked: msg`Stacked columns`,
  boxplot: msg`Box plot`,
  cdf: msg`Cumulative distribution (CDF)`,
  table: msg`Summary table`,
  graph: msg`Percentile graph`,
  map: msg`Map of areas (aggregate)`,
  raw_map: msg`Map of units (raw)`,
  geo_heatmap: msg`Heat map`,
  lat_lon: msg`Map of positions (lat/lon)`,
  raw_mobile: msg`Map of mobile tests`,
}

export const RADIUS_UNIT_NAMES: Record<PointRadiusUnit, MessageDescriptor> = {
  px: msg`pixels`,
  m: msg`metres`,
  km: msg`kilometres`,
}

export const AGGREGATION_NAMES: Record<Aggregation, MessageDescriptor> = {
  hourly: msg`Hourly`,
  two_hourly: msg`Every 2 hours`,
  four_hourly: msg`Every 4 hours`,
  six_hourly: msg`Every 6 hours`,
  eight_hourly: msg`Every 8 hours`,
  daily: msg`Daily`,
  weekly: msg`Weekly`,
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  hour_of_day: msg`By hour of day`,
  day_of_week: msg`By day of week`,
  day_of_month: msg`By day of month`,
  raw: msg`Raw results`,
}

export const FAMILY_NAMES: Record<string, MessageDescriptor> = {
  download: msg`Download`,
  upload: msg`Upload`,
  latency: msg`Latency and jitter`,
  packet_loss: msg`Packet loss`,
  web: msg`Web browsing and DNS`,
  video: msg`Video streaming`,
  voip: msg`Voice calls`,
  responsiveness: msg`Responsiveness`,
  disconnection: msg`Disconnections`,
  consistency: msg`Consistency`,
  agents: msg`Agents`,
  mobile: msg`Mobile signal`,
}

export const FIELD_NAMES: Record<string, MessageDescriptor> = {
  isp: msg`ISP`,
  package: msg`Package`,
  technology: msg`Technology`,
  region: msg`Region`,
  hub_site: msg`Hub site`,
  cmts: msg`CMTS`,
  country: msg`Country`,
  package_download: msg`Package download speed (Mbps)`,
}

/** A plot value's name: "Median", "Mean", "95th percentile". */
export function plotValueName(i18n: I18n, value: string): string {
  if (value === 'median') return i18n._(msg`Median`)
  if (value === 'mean') return i18n._(msg`Mean`)
  if (value === 'sampleCount') return i18n._(msg`Samples`)
  if (value === 'agentCount') return i18n._(msg`Units`)
  const n = value.replace('perc_', '')
  return i18n._(msg`Percentile ${n}`)
}

export function fieldName(i18n: I18n, id: string, metadata?: AnalyticsMetadata): string {
  const known = FIELD_NAMES[id]
  if (known) return i18n._(known)
  const listed =
    metadata?.filterables.find((f) => f.id === id) ?? metadata?.splittables.find((s) => s.id === id)
  return listed?.identifier ?? id.replace(/^custom:/, '')
}

export function familyName(i18n: I18n, family: string): string {
  const known = FAMILY_NAMES[family]
  return known ? i18n._(known) : family
}

/** A metric's name in the active locale from the catalogue the server sent. */
export function metricNameOf(i18n: I18n, metadata: AnalyticsMetadata | undefined, key: string) {
  const metric = metadata?.metrics.find((m) => m.key === key)
  if (!metric) return key
  const names: Partial<Record<string, string>> = metric.names
  return names[i18n.locale] ?? metric.names['en-GB']
}
