import type {
  ChartDataset,
  ChartOptions,
  ScriptableLineSegmentContext,
  TooltipItem,
} from 'chart.js'
import type { Theme } from '../../ui/theme'
import { formatTime } from './date-adapter'
import {
  hasGapBetween,
  splitSeries,
  type ChartSeries,
  type DrawnPoint,
  type ReferenceLine,
} from './series'
import type { ChartBand } from './band-plugin'

/** Above this many points in view, lines are decimated (LTTB) before drawing. */
export const DECIMATION_THRESHOLD = 1000

/** The app's theme a chart is drawn for (src/ui/theme.ts). */
export type ChartTheme = Theme

export type ChartPalette = {
  series: readonly string[]
  reference: string
  grid: string
  text: string
  bar: string
  barOngoing: string
  /** A day's range behind its line: the first series colour, faint. */
  band: string
}

/**
 * Canvas colours per theme (a canvas, in a worker too, cannot read CSS variables): the values of
 * the design tokens of each theme, series colours that keep 3:1 against the chart's background.
 */
export const CHART_PALETTES: Record<ChartTheme, ChartPalette> = {
  light: {
    series: ['#0b57a4', '#b35c00', '#1d6b34', '#7b2d8b'],
    reference: '#4a5263',
    grid: '#e3e7ee',
    text: '#4a5263',
    bar: '#0b57a4',
    barOngoing: '#b3261e',
    band: 'rgba(11, 87, 164, 0.16)',
  },
  dark: {
    series: ['#7cb8f7', '#f2a65a', '#78d496', '#d39ae0'],
    reference: '#aeb6c4',
    grid: '#2f3848',
    text: '#aeb6c4',
    bar: '#7cb8f7',
    barOngoing: '#ff938a',
    band: 'rgba(124, 184, 247, 0.22)',
  },
}

/** A time range, ms since the epoch. */
export type ChartRange = { from: number; to: number }

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The time axis's tick unit for a range: hours up to two days, days up to four months, months
 * beyond (the ticks limit then thins the labels). Left to chart.js, the unit came from how many
 * millisecond-format labels ("12:00:00.000") fit the axis: in Arabic, on a chart with wide value
 * labels, a month showed a single label ("نوفمبر ٢٠٢٦").
 */
export function timeUnitFor(range: ChartRange): 'hour' | 'day' | 'month' {
  const span = range.to - range.from
  if (span <= 2 * DAY_MS) return 'hour'
  if (span <= 120 * DAY_MS) return 'day'
  return 'month'
}

export type TimeSeriesOptionsConfig = {
  locale: string
  rtl: boolean
  range: ChartRange
  formatValue: (value: number) => string
  yTitle?: string
  beginAtZero?: boolean
  showLegend: boolean
  bands?: readonly ChartBand[] | undefined
  /** Light when not given. */
  theme?: ChartTheme | undefined
}

function directionOptions(rtl: boolean) {
  return rtl ? { rtl: true, textDirection: 'rtl' } : { rtl: false, textDirection: 'ltr' }
}

/**
 * Room for the x labels at the plot's edges. chart.js measures it from the first and last ticks
 * as if the axis ran left to right, so on a reversed (right-to-left) axis it gave none and the
 * labels at both edges were cut off; left to right it does it itself. The y axis is on the right
 * then: a little room there too for its widest label.
 */
function edgeRoom(rtl: boolean) {
  return rtl ? { padding: { left: 28, right: 8 } } : {}
}

/**
 * Options of a time-series line chart: time axis in the active locale (reversed right to left),
 * tooltips and legend in the page's direction, LTTB decimation above 1,000 points, no animation.
 */
export function timeSeriesOptions(config: TimeSeriesOptionsConfig): ChartOptions<'line'> {
  const { locale, rtl, range, formatValue } = config
  const direction = directionOptions(rtl)
  const colors = CHART_PALETTES[config.theme ?? 'light']
  return {
    responsive: true,
    maintainAspectRatio: false,
    // Drawn at once: faster first paint, and nothing moves for people who asked for less motion.
    animation: false,
    parsing: false,
    normalized: true,
    locale,
    layout: edgeRoom(rtl),
    interaction: { mode: 'nearest', axis: 'x', intersect: false },
    scales: {
      x: {
        type: 'time',
        min: range.from,
        max: range.to,
        reverse: rtl,
        adapters: { date: { locale } },
        time: { unit: timeUnitFor(range), tooltipFormat: 'datetime' },
        grid: { color: colors.grid },
        ticks: {
          color: colors.text,
          maxRotation: 0,
          autoSkip: true,
          autoSkipPadding: 16,
          // Arabic dates ("١٦ نوفمبر") are half as wide again as "16 Nov": five of them touched on
          // a phone, and chart.js's autoSkip let them.
          maxTicksLimit: rtl ? 4 : 5,
        },
      },
      y: {
        position: rtl ? 'right' : 'left',
        beginAtZero: config.beginAtZero ?? true,
        grid: { color: colors.grid },
        title:
          config.yTitle === undefined
            ? { display: false }
            : { display: true, text: config.yTitle, color: colors.text },
        ticks: {
          color: colors.text,
          maxTicksLimit: 5,
          callback: (value) => formatValue(Number(value)),
        },
      },
    },
    plugins: {
      decimation: { enabled: true, algorithm: 'lttb', threshold: DECIMATION_THRESHOLD },
      wbBands:
        config.bands && config.bands.length > 0
          ? { bands: config.bands, color: colors.band }
          : false,
      legend: {
        display: config.showLegend,
        position: 'bottom',
        ...direction,
        // Each line's key is a short line drawn like it: the package's dashed, a series solid
        // (a filled box said nothing of the dashed package line).
        labels: {
          color: colors.text,
          usePointStyle: true,
          pointStyle: 'line',
          pointStyleWidth: 24,
          boxHeight: 8,
          // chart.js takes a point-style key's dash from the points, which have none: each key
          // is made here from its line, dash included.
          generateLabels: (chart) =>
            chart.data.datasets.map((dataset, index) => {
              const line = dataset as { borderColor?: unknown; borderDash?: number[] }
              const color = typeof line.borderColor === 'string' ? line.borderColor : undefined
              return {
                text: dataset.label ?? '',
                datasetIndex: index,
                hidden: !chart.isDatasetVisible(index),
                strokeStyle: color,
                fillStyle: color,
                fontColor: colors.text,
                lineWidth: 2,
                lineDash: line.borderDash ?? [],
                pointStyle: 'line',
              }
            }),
        },
      },
      tooltip: {
        ...direction,
        callbacks: {
          title: (items: TooltipItem<'line'>[]) => {
            const x = items[0]?.parsed.x
            return x === undefined || x === null ? '' : formatTime(x, 'datetime', locale)
          },
          label: (item: TooltipItem<'line'>) =>
            `${item.dataset.label ?? ''}: ${item.parsed.y === null ? '' : formatValue(item.parsed.y)}`,
        },
      },
    },
  }
}

/**
 * A series as a chart.js line, broken wherever a point without a value lay between two (never
 * drawn as a fake zero). Up to DECIMATION_THRESHOLD points, a point without a value is kept with
 * `y: NaN`: chart.js skips it and breaks the line there by itself. Above it, decimation (LTTB)
 * would average NaN into its buckets, so only points with a value are drawn and a segment colour
 * hides the line across each gap; that per-segment callback is the slower way (~10 ms of a
 * chart's first draw on a phone), so it is kept for the decimated series only.
 */
export function lineDataset(
  series: ChartSeries,
  index: number,
  theme: ChartTheme = 'light',
): ChartDataset<'line', DrawnPoint[]> {
  const { drawn, gaps } = splitSeries(series.points)
  const decimated = drawn.length + gaps.length > DECIMATION_THRESHOLD
  const colors = CHART_PALETTES[theme]
  const color = series.color ?? colors.series[index % colors.series.length] ?? colors.bar
  return {
    label: series.label,
    data: decimated || gaps.length === 0 ? drawn : withGapPoints(drawn, gaps),
    borderColor: color,
    backgroundColor: color,
    borderWidth: series.dashed === true ? 1.5 : 2,
    ...(series.dashed === true ? { borderDash: [6, 4] } : {}),
    // Dots only when there are few enough to tell apart on a phone.
    pointRadius: drawn.length > 60 ? 0 : 2,
    pointHoverRadius: 4,
    pointHitRadius: 6,
    tension: 0,
    ...(decimated && gaps.length > 0 ? { segment: { borderColor: gapSegmentColor(gaps) } } : {}),
  }
}

/** The drawn points and the gaps merged in time order, each gap a point with `y: NaN`. */
export function withGapPoints(drawn: readonly DrawnPoint[], gaps: readonly number[]): DrawnPoint[] {
  const holes = gaps.map((x) => ({ x, y: Number.NaN }))
  return [...drawn, ...holes].sort((a, b) => a.x - b.x)
}

/** A segment colour that hides the line between two points a point without a value lay between. */
export function gapSegmentColor(gaps: readonly number[]) {
  return (context: Pick<ScriptableLineSegmentContext, 'p0' | 'p1'>): string | undefined => {
    const { x: a } = context.p0.parsed
    const { x: b } = context.p1.parsed
    return a !== null && b !== null && hasGapBetween(gaps, a, b) ? 'transparent' : undefined
  }
}

/** A dashed horizontal line across the range (two points, never decimated). */
export function referenceDataset(
  line: ReferenceLine,
  range: ChartRange,
  theme: ChartTheme = 'light',
): ChartDataset<'line', DrawnPoint[]> {
  const color = line.color ?? CHART_PALETTES[theme].reference
  return {
    label: line.label,
    data: [
      { x: range.from, y: line.value },
      { x: range.to, y: line.value },
    ],
    borderColor: color,
    backgroundColor: color,
    borderDash: [6, 4],
    borderWidth: 1.5,
    pointRadius: 0,
    pointHitRadius: 0,
  }
}

export type BarOptionsConfig = {
  locale: string
  rtl: boolean
  formatValue: (value: number) => string
  yTitle?: string
  /** Light when not given. */
  theme?: ChartTheme | undefined
}

/** Options of a bar chart over category labels, in the page's direction. */
export function barOptions(config: BarOptionsConfig): ChartOptions<'bar'> {
  const { locale, rtl, formatValue } = config
  const direction = directionOptions(rtl)
  const colors = CHART_PALETTES[config.theme ?? 'light']
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    locale,
    layout: edgeRoom(rtl),
    scales: {
      x: {
        reverse: rtl,
        grid: { display: false },
        ticks: {
          color: colors.text,
          maxRotation: 0,
          autoSkip: true,
          autoSkipPadding: 12,
          maxTicksLimit: rtl ? 6 : 8,
        },
      },
      y: {
        position: rtl ? 'right' : 'left',
        beginAtZero: true,
        grid: { color: colors.grid },
        title:
          config.yTitle === undefined
            ? { display: false }
            : { display: true, text: config.yTitle, color: colors.text },
        ticks: {
          color: colors.text,
          maxTicksLimit: 5,
          precision: 0,
          callback: (value) => formatValue(Number(value)),
        },
      },
    },
    plugins: {
      legend: { display: false, ...direction },
      tooltip: {
        ...direction,
        callbacks: {
          label: (item: TooltipItem<'bar'>) =>
            `${item.dataset.label ?? ''}: ${item.parsed.y === null ? '' : formatValue(item.parsed.y)}`,
        },
      },
    },
  }
}
