/**
 * What the builder draws from the chart data answers (one per metric): the chart's datasets for
 * each §3.1 type, the rows of its table (the chart's text alternative and the summary table) and
 * its CSV. Pure: names and labels come in as functions.
 */
import {
  NUMBERED_AGGREGATIONS,
  type ChartData,
  type ChartRow,
  type PlotValue,
  type RawPoint,
} from '#contracts/analytics.ts'
import type { CsvCell } from '../../lib/csv'
import {
  regressionLine,
  type AnalyticsChartKind,
  type AnalyticsDataset,
  type AnalyticsXAxis,
  type BoxValues,
  type ChartBand,
} from '../charts'
import type { BuilderChartType, BuilderForm } from './builder-form'

export const isRawData = (data: ChartData): data is ChartData & { metricData: RawPoint[] } =>
  data.timeAggregation === 'raw'
export const rowsOf = (data: ChartData): ChartRow[] =>
  isRawData(data) ? [] : (data.metricData as ChartRow[])

export type Labels = {
  metricName: (key: string) => string
  /** A row's time or number as the axis and the table show it. */
  bucketLabel: (row: Pick<ChartRow, 'dtime' | 'aggregatedNumber'>) => string
  /** The name of a split value (null: the panel as a whole). */
  splitLabel: (split: string | null | undefined) => string
}

export type BuiltChart = {
  chart: AnalyticsChartKind
  x: AnalyticsXAxis
  datasets: AnalyticsDataset[]
  bands: ChartBand[]
}

const DAY_MS = 86_400_000
/** The §3.1 type as the chart draws it (a table, or a map, draws no chart here). */
export function chartKindOf(type: BuilderChartType): AnalyticsChartKind | null {
  switch (type) {
    case 'aggregate':
    case 'graph':
      return 'line'
    case 'raw':
      return 'scatter'
    case 'column':
    case 'column_stacked':
    case 'boxplot':
    case 'cdf':
      return type
    default:
      return null
  }
}

/** Rows grouped by split value, in the server's order. */
function bySplit<T extends { split?: string | null }>(rows: readonly T[]): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>()
  for (const row of rows) {
    const key = row.split ?? null
    const list = groups.get(key)
    if (list) list.push(row)
    else groups.set(key, [row])
  }
  return groups
}

const bucketKey = (row: Pick<ChartRow, 'dtime' | 'aggregatedNumber'>) =>
  row.aggregatedNumber !== undefined ? `n${row.aggregatedNumber}` : (row.dtime ?? '')

/** The categories of rows (times or numbers), sorted, each once. */
function buckets(rows: readonly ChartRow[]): ChartRow[] {
  const seen = new Map<string, ChartRow>()
  for (const row of rows) if (!seen.has(bucketKey(row))) seen.set(bucketKey(row), row)
  return [...seen.values()].sort((a, b) =>
    a.aggregatedNumber !== undefined && b.aggregatedNumber !== undefined
      ? a.aggregatedNumber - b.aggregatedNumber
      : (a.dtime ?? '').localeCompare(b.dtime ?? ''),
  )
}

const ciOf = (row: ChartRow) => row.ci95 ?? row.ci90 ?? row.ci99 ?? null

/** The datasets of a chart of the given type from the answers (one per metric). */
export function buildChart(
  form: BuilderForm,
  answers: readonly ChartData[],
  labels: Labels,
): BuiltChart | null {
  const chart = chartKindOf(form.chartType)
  if (chart === null || answers.length === 0) return null
  const several = answers.length > 1
  const name = (metric: string, split: string | null | undefined) => {
    const parts = [
      several || split == null ? labels.metricName(metric) : '',
      split == null ? '' : labels.splitLabel(split),
    ]
    return parts.filter((p) => p !== '').join(' · ') || labels.metricName(metric)
  }
  const range = {
    from: Date.parse(`${form.from}T00:00:00Z`),
    to: Date.parse(`${form.to}T00:00:00Z`) + DAY_MS,
  }
  const datasets: AnalyticsDataset[] = []
  const bands: ChartBand[] = []

  if (chart === 'scatter') {
    for (const data of answers) {
      if (!isRawData(data)) continue
      for (const [split, points] of bySplit(data.metricData)) {
        const drawn = points
          .filter((p) => p.value !== null)
          .map((p) => ({ x: Date.parse(p.dtime), y: p.value }))
        datasets.push({ label: name(data.metric, split), points: drawn })
      }
    }
    if (form.showRegression) addRegressions(datasets)
    return { chart, x: { type: 'time', range }, datasets, bands }
  }

  if (chart === 'cdf') {
    for (const data of answers) {
      for (const row of rowsOf(data)) {
        if (!row.cdf) continue
        datasets.push({
          label: name(data.metric, row.split),
          points: row.cdf.map((y, index) => ({ x: index + 1, y })),
        })
      }
    }
    return { chart, x: { type: 'linear', min: 1, max: 100 }, datasets, bands }
  }

  const numbered = NUMBERED_AGGREGATIONS.includes(form.timeAggregation)
  const categorical = chart !== 'line' || numbered
  const allRows = answers.flatMap(rowsOf)
  const categories = buckets(allRows)
  const x: AnalyticsXAxis = categorical
    ? { type: 'category', labels: categories.map(labels.bucketLabel) }
    : { type: 'time', range }
  const plotValues: PlotValue[] =
    form.chartType === 'graph'
      ? ['perc_5', 'perc_25', 'median', 'perc_75', 'perc_95']
      : [form.plotValue]

  for (const data of answers) {
    for (const [split, rows] of bySplit(rowsOf(data))) {
      const byBucket = new Map(rows.map((row) => [bucketKey(row), row]))
      const base = name(data.metric, split)
      if (chart === 'boxplot') {
        datasets.push({
          label: base,
          boxes: categories.map((bucket): BoxValues | null => {
            const row = byBucket.get(bucketKey(bucket))
            if (!row || row.median === null) return null
            const { perc_5: low, perc_25: q1, median, perc_75: q3, perc_95: high } = row
            if (low === null || q1 === null || q3 === null || high === null) return null
            return { low, q1, median, q3, high }
          }),
        })
        continue
      }
      for (const plot of plotValues) {
        const label = plotValues.length > 1 ? `${base} ${plot}` : base
        if (categorical) {
          datasets.push({
            label,
            values: categories.map((bucket) => byBucket.get(bucketKey(bucket))?.[plot] ?? null),
          })
        } else {
          datasets.push({
            label,
            points: rows
              .filter((row) => row.dtime !== undefined)
              .map((row) => ({ x: Date.parse(row.dtime ?? ''), y: row[plot] })),
          })
        }
      }
      if (form.ci && !categorical) {
        const points = rows.flatMap((row) => {
          const ci = ciOf(row)
          return ci && row.dtime ? [{ x: Date.parse(row.dtime), low: ci[0], high: ci[1] }] : []
        })
        if (points.length > 0) bands.push({ id: `${data.metric}-${split ?? ''}`, points })
      }
    }
  }
  if (form.showRegression && form.chartType === 'aggregate' && !categorical)
    addRegressions(datasets)
  return { chart, x, datasets, bands }
}

/** A dashed fitted line for each series (at most four: more would hide the data). */
function addRegressions(datasets: AnalyticsDataset[]): void {
  const series = datasets.filter((d) => !d.regression && d.points).slice(0, 4)
  for (const dataset of series) {
    const line = regressionLine(dataset.points ?? [])
    if (line) datasets.push({ label: `${dataset.label} ↗`, points: line, regression: true })
  }
}

// ---------------------------------------------------------------------------------------------
// Table and CSV

export type TableRow = {
  key: string
  metric: string
  split: string | null
  bucket: string
  values: Record<string, number | null>
}

/** The rows of the summary table (and the chart's text alternative): one per metric, split, time. */
export function tableRows(
  answers: readonly ChartData[],
  labels: Labels,
  columns: readonly string[],
): TableRow[] {
  return answers.flatMap((data) =>
    rowsOf(data).map((row, index) => ({
      key: `${data.metric}-${index}`,
      metric: labels.metricName(data.metric),
      split: row.split == null ? null : labels.splitLabel(row.split),
      bucket: labels.bucketLabel(row),
      values: Object.fromEntries(
        columns.map((column) => {
          const value = (row as Record<string, unknown>)[column]
          return [column, typeof value === 'number' ? value : null]
        }),
      ),
    })),
  )
}

/** The CSV of a chart or table: aggregated rows with every column, or raw points. */
export function chartCsvRows(
  answers: readonly ChartData[],
  labels: Labels,
  header: {
    metric: string
    split: string
    time: string
    value: string
    status: string
    unit: string
  },
): CsvCell[][] {
  const anyRaw = answers.some(isRawData)
  if (anyRaw) {
    const rows: CsvCell[][] = [
      [header.metric, header.split, header.time, header.value, header.status, header.unit],
    ]
    for (const data of answers) {
      if (!isRawData(data)) continue
      for (const p of data.metricData) {
        rows.push([
          labels.metricName(data.metric),
          p.split ?? '',
          p.localTime,
          p.value,
          p.status,
          p.unitId ?? '',
        ])
      }
    }
    return rows
  }
  const columns = [
    'perc_1',
    'perc_5',
    'perc_10',
    'perc_20',
    'perc_25',
    'median',
    'perc_75',
    'perc_80',
    'perc_90',
    'perc_95',
    'perc_99',
    'mean',
    'sampleCount',
    'agentCount',
  ] as const
  const rows: CsvCell[][] = [[header.metric, header.split, header.time, ...columns]]
  for (const data of answers) {
    for (const row of rowsOf(data)) {
      rows.push([
        labels.metricName(data.metric),
        row.split == null ? '' : labels.splitLabel(row.split),
        row.dtime ?? row.aggregatedNumber ?? '',
        ...columns.map((column) => row[column]),
      ])
    }
  }
  return rows
}

/** Whether the answers hold nothing to draw (§8 "no data"). */
export function hasNoData(answers: readonly ChartData[]): boolean {
  return answers.every((data) =>
    isRawData(data)
      ? data.metricData.every((p) => p.value === null)
      : rowsOf(data).every((row) => row.sampleCount === 0),
  )
}
