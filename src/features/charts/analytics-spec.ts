import type {
  ChartConfiguration,
  ChartDataset,
  ChartOptions,
  ChartTypeRegistry,
  TooltipItem,
} from 'chart.js'
import { valueFormatter, type ValueFormat } from '../../lib/value-format'
import type { ChartBand } from './band-plugin'
import { BOOST_THRESHOLD } from './analytics-math'
import { CHART_PALETTES, timeUnitFor, type ChartRange, type ChartTheme } from './chart-options'
import { formatTime } from './date-adapter'

/**
 * The analytics builder's charts (seeds 001 §3.1): aggregate and graph (lines over time or over
 * hour / weekday / day numbers), raw (scatter), column and column_stacked, boxplot, cdf. As data
 * only, so that the chart worker draws them as it draws the others (chart-spec.ts).
 */
export type AnalyticsChartKind =
  'line' | 'scatter' | 'column' | 'column_stacked' | 'boxplot' | 'cdf'

/** The x axis: time (a range), categories (labels), or numbers (the cdf's percentiles). */
export type AnalyticsXAxis =
  | { type: 'time'; range: ChartRange }
  | { type: 'category'; labels: readonly string[] }
  | { type: 'linear'; min: number; max: number; title?: string }

/** A box of a boxplot: whiskers (low, high), quartiles and median. */
export type BoxValues = { low: number; q1: number; median: number; q3: number; high: number }

export type AnalyticsDataset = {
  label: string
  /** Time or linear x: the points (y null is no value, a gap). */
  points?: readonly { x: number; y: number | null }[]
  /** Category x: a value per label. */
  values?: readonly (number | null)[]
  /** Boxplot: a box per label. */
  boxes?: readonly (BoxValues | null)[]
  /** A fitted line (dashed, thin), not a series of its own colour. */
  regression?: boolean
}

export type AnalyticsSpec = {
  kind: 'analytics'
  chart: AnalyticsChartKind
  x: AnalyticsXAxis
  datasets: readonly AnalyticsDataset[]
  /** Shaded bands behind lines (confidence intervals). */
  bands?: readonly ChartBand[]
  valueFormat: ValueFormat
  yTitle?: string
  /** The chart setting "zero axis": the value axis starts at zero. */
  beginAtZero: boolean
  locale: string
  rtl: boolean
  theme: ChartTheme
}

const direction = (rtl: boolean) =>
  rtl ? { rtl: true, textDirection: 'rtl' } : { rtl: false, textDirection: 'ltr' }

type AnyTooltipItem = TooltipItem<keyof ChartTypeRegistry>
type Parsed = { x?: number | null; y?: number | null }

type AnyDataset = ChartDataset<'line' | 'bar' | 'scatter', unknown[]>

function pointData(points: readonly { x: number; y: number | null }[]) {
  return points.map((p) => ({ x: p.x, y: p.y ?? Number.NaN }))
}

function datasetsOf(spec: AnalyticsSpec): AnyDataset[] {
  const colors = CHART_PALETTES[spec.theme]
  const colorOf = (index: number) => colors.series[index % colors.series.length] ?? colors.bar
  const total = spec.datasets.reduce(
    (sum, d) => sum + (d.points?.length ?? d.values?.length ?? 0),
    0,
  )
  const boosted = total > BOOST_THRESHOLD
  let seriesIndex = 0
  return spec.datasets.flatMap((dataset): AnyDataset[] => {
    const color = dataset.regression ? colors.reference : colorOf(seriesIndex)
    if (!dataset.regression) seriesIndex += 1
    if (spec.chart === 'boxplot') {
      const boxes = dataset.boxes ?? []
      return [
        {
          type: 'bar',
          label: dataset.label,
          data: boxes.map((b) => (b ? [b.q1, b.q3] : null)),
          backgroundColor: color,
          borderColor: color,
          grouped: false,
          barPercentage: 0.6,
        },
        {
          type: 'bar',
          label: `${dataset.label} –`,
          data: boxes.map((b) => (b ? [b.low, b.high] : null)),
          backgroundColor: color,
          grouped: false,
          barPercentage: 0.06,
        },
        {
          type: 'line',
          label: `${dataset.label} ·`,
          data: boxes.map((b) => (b ? b.median : null)),
          showLine: false,
          pointStyle: 'line',
          pointRadius: 12,
          pointBorderWidth: 3,
          borderColor: colors.text,
          backgroundColor: colors.text,
        },
      ]
    }
    if (spec.chart === 'column' || spec.chart === 'column_stacked') {
      return [
        {
          type: 'bar',
          label: dataset.label,
          data: [...(dataset.values ?? [])],
          backgroundColor: color,
          borderColor: color,
          borderRadius: 2,
          maxBarThickness: 32,
        },
      ]
    }
    const data = dataset.points ? pointData(dataset.points) : [...(dataset.values ?? [])]
    if (spec.chart === 'scatter' && !dataset.regression) {
      return [
        {
          type: 'scatter',
          label: dataset.label,
          data,
          backgroundColor: color,
          borderColor: color,
          pointRadius: boosted ? 1.5 : 3,
          pointHoverRadius: boosted ? 3 : 5,
        },
      ]
    }
    return [
      {
        type: 'line',
        label: dataset.label,
        data,
        borderColor: color,
        backgroundColor: color,
        borderWidth: dataset.regression ? 1.5 : 2,
        borderDash: dataset.regression ? [6, 4] : [],
        pointRadius: dataset.regression || boosted || data.length > 60 ? 0 : 2,
        pointHitRadius: dataset.regression ? 0 : 6,
        tension: 0,
      },
    ]
  })
}

function xScale(spec: AnalyticsSpec) {
  const colors = CHART_PALETTES[spec.theme]
  const ticks = {
    color: colors.text,
    maxRotation: 0,
    autoSkip: true,
    autoSkipPadding: 12,
    maxTicksLimit: spec.rtl ? 4 : 6,
  }
  const stacked = spec.chart === 'column_stacked'
  if (spec.x.type === 'time') {
    return {
      type: 'time' as const,
      min: spec.x.range.from,
      max: spec.x.range.to,
      reverse: spec.rtl,
      adapters: { date: { locale: spec.locale } },
      time: { unit: timeUnitFor(spec.x.range), tooltipFormat: 'datetime' },
      grid: { color: colors.grid },
      ticks,
      stacked,
    }
  }
  if (spec.x.type === 'linear') {
    return {
      type: 'linear' as const,
      min: spec.x.min,
      max: spec.x.max,
      reverse: spec.rtl,
      grid: { color: colors.grid },
      title:
        spec.x.title === undefined
          ? { display: false }
          : { display: true, text: spec.x.title, color: colors.text },
      ticks,
    }
  }
  return {
    type: 'category' as const,
    labels: [...spec.x.labels],
    reverse: spec.rtl,
    grid: { display: false },
    ticks,
    stacked,
  }
}

/** The options of an analytics chart: mirrored right to left, boosted above 1,000 points. */
export function analyticsOptions(spec: AnalyticsSpec): ChartOptions {
  const colors = CHART_PALETTES[spec.theme]
  const formatValue = valueFormatter(spec.valueFormat, spec.locale)
  const dir = direction(spec.rtl)
  const pointsX = spec.x.type !== 'category'
  const visible = spec.datasets.filter((d) => !d.regression)
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: pointsX ? false : undefined,
    normalized: pointsX,
    locale: spec.locale,
    layout: spec.rtl ? { padding: { left: 28, right: 8 } } : {},
    interaction:
      spec.chart === 'scatter'
        ? { mode: 'nearest', intersect: true }
        : { mode: 'nearest', axis: 'x', intersect: false },
    scales: {
      x: xScale(spec),
      y: {
        position: spec.rtl ? 'right' : 'left',
        beginAtZero: spec.beginAtZero,
        stacked: spec.chart === 'column_stacked',
        grid: { color: colors.grid },
        title:
          spec.yTitle === undefined
            ? { display: false }
            : { display: true, text: spec.yTitle, color: colors.text },
        ticks: { color: colors.text, maxTicksLimit: 5, callback: (v) => formatValue(Number(v)) },
      },
    },
    plugins: {
      decimation: {
        enabled: spec.chart === 'line' && pointsX,
        algorithm: 'lttb',
        threshold: BOOST_THRESHOLD,
      },
      wbBands:
        spec.bands && spec.bands.length > 0 && spec.chart === 'line'
          ? { bands: spec.bands, color: colors.band }
          : false,
      legend: {
        display: visible.length > 1 || spec.datasets.length > visible.length,
        position: 'bottom',
        ...dir,
        labels: {
          color: colors.text,
          boxWidth: 12,
          // The boxplot's whisker and median datasets have no key of their own.
          filter: (item) => !/ [–·]$/.test(item.text),
        },
      },
      tooltip: {
        ...dir,
        callbacks: {
          title: (items: AnyTooltipItem[]) => {
            const item = items[0]
            if (!item) return ''
            if (spec.x.type === 'time')
              return formatTime((item.parsed as Parsed).x ?? 0, 'datetime', spec.locale)
            return item.label
          },
          label: (item: AnyTooltipItem) => {
            const raw = item.raw
            if (Array.isArray(raw)) {
              const [a, b] = raw as number[]
              return `${item.dataset.label ?? ''}: ${formatValue(a ?? 0)} – ${formatValue(b ?? 0)}`
            }
            const y = (item.parsed as Parsed).y
            return `${item.dataset.label ?? ''}: ${y === null || y === undefined ? '' : formatValue(y)}`
          },
        },
      },
    },
  }
}

/** The chart.js configuration of an analytics spec. */
export function analyticsConfiguration(spec: AnalyticsSpec): ChartConfiguration {
  const type =
    spec.chart === 'column' || spec.chart === 'column_stacked' || spec.chart === 'boxplot'
      ? 'bar'
      : spec.chart === 'scatter'
        ? 'scatter'
        : 'line'
  return {
    type,
    data: { datasets: datasetsOf(spec) },
    options: analyticsOptions(spec),
  } as ChartConfiguration
}
