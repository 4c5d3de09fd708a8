import { describe, expect, it } from 'vitest'
import { analyticsConfiguration, type AnalyticsSpec } from './analytics-spec'

const spec = (patch: Partial<AnalyticsSpec>): AnalyticsSpec => ({
  kind: 'analytics',
  chart: 'line',
  x: { type: 'time', range: { from: 0, to: 86_400_000 * 10 } },
  datasets: [
    {
      label: 'A',
      points: [
        { x: 0, y: 1 },
        { x: 86_400_000, y: null },
      ],
    },
  ],
  valueFormat: { kind: 'number' },
  beginAtZero: true,
  locale: 'en-GB',
  rtl: false,
  theme: 'light',
  ...patch,
})

type Scales = Record<
  string,
  { type?: string; reverse?: boolean; position?: string; stacked?: boolean; beginAtZero?: boolean }
>
const scalesOf = (s: AnalyticsSpec) => analyticsConfiguration(s).options?.scales as Scales

describe('analytics chart configuration', () => {
  it.each<[AnalyticsSpec['chart'], string]>([
    ['line', 'line'],
    ['cdf', 'line'],
    ['scatter', 'scatter'],
    ['column', 'bar'],
    ['column_stacked', 'bar'],
    ['boxplot', 'bar'],
  ])('%s is a chart.js %s', (chart, type) => {
    expect(analyticsConfiguration(spec({ chart })).type).toBe(type)
  })

  it('right to left: the x axis reversed, the value axis on the right', () => {
    expect(scalesOf(spec({ rtl: true }))).toMatchObject({
      x: { reverse: true },
      y: { position: 'right' },
    })
    expect(scalesOf(spec({ rtl: false }))).toMatchObject({
      x: { reverse: false },
      y: { position: 'left' },
    })
  })

  it('zero axis follows the setting; stacked columns stack both axes', () => {
    expect(scalesOf(spec({ beginAtZero: false })).y?.beginAtZero).toBe(false)
    const stacked = spec({
      chart: 'column_stacked',
      x: { type: 'category', labels: ['a'] },
      datasets: [{ label: 'A', values: [1] }],
    })
    expect(scalesOf(stacked)).toMatchObject({ x: { stacked: true }, y: { stacked: true } })
  })

  it('a gap stays a gap (NaN), never zero', () => {
    const data = analyticsConfiguration(spec({})).data.datasets[0]?.data as { y: number }[]
    expect(Number.isNaN(data[1]?.y)).toBe(true)
  })

  it('a boxplot box is a quartile bar, a whisker bar and a median mark', () => {
    const box = spec({
      chart: 'boxplot',
      x: { type: 'category', labels: ['d1', 'd2'] },
      datasets: [{ label: 'A', boxes: [{ low: 1, q1: 2, median: 3, q3: 4, high: 5 }, null] }],
    })
    const sets = analyticsConfiguration(box).data.datasets
    expect(sets.map((d) => d.data)).toEqual([
      [[2, 4], null],
      [[1, 5], null],
      [3, null],
    ])
  })

  it('above 1,000 points scatter points shrink (boost)', () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ x: i, y: i }))
    const few = many.slice(0, 10)
    const radius = (points: typeof many) =>
      (
        analyticsConfiguration(spec({ chart: 'scatter', datasets: [{ label: 'A', points }] })).data
          .datasets[0] as { pointRadius: number }
      ).pointRadius
    expect(radius(many)).toBeLessThan(radius(few))
  })

  it('a regression line is dashed and in the reference colour', () => {
    const set = analyticsConfiguration(
      spec({
        datasets: [
          { label: 'A', points: [] },
          { label: 'fit', points: [], regression: true },
        ],
      }),
    ).data.datasets[1] as { borderDash: number[] }
    expect(set.borderDash.length).toBeGreaterThan(0)
  })
})
