import { describe, expect, it } from 'vitest'
import type { ChartData, ChartRow, RawPoint } from '#contracts/analytics.ts'
import { regressionLine } from '../charts'
import { defaultForm, type BuilderForm } from './builder-form'
import {
  buildChart,
  chartCsvRows,
  chartKindOf,
  hasNoData,
  tableRows,
  type Labels,
} from './chart-data'

const NOW = Date.parse('2026-11-28T08:00:00Z')
const form = (patch: Partial<BuilderForm>): BuilderForm => ({ ...defaultForm(NOW), ...patch })
const labels: Labels = {
  metricName: (key) => `M:${key}`,
  bucketLabel: (row) =>
    row.aggregatedNumber !== undefined ? `#${row.aggregatedNumber}` : (row.dtime ?? ''),
  splitLabel: (split) => (split == null ? 'All' : `S:${split}`),
}
const row = (patch: Partial<ChartRow>): ChartRow => ({
  perc_1: 1,
  perc_5: 2,
  perc_10: 3,
  perc_20: 4,
  perc_25: 5,
  median: 10,
  perc_75: 15,
  perc_80: 16,
  perc_90: 18,
  perc_95: 20,
  perc_99: 25,
  mean: 11,
  sampleCount: 4,
  agentCount: 2,
  noData: 0,
  cantRun: 0,
  errors: 0,
  excluded: 0,
  ...patch,
})
const answer = (
  metric: ChartData['metric'],
  rows: ChartRow[] | RawPoint[],
  raw = false,
): ChartData => ({
  metric,
  timeAggregation: raw ? 'raw' : 'daily',
  metricData: rows,
  sampleCount: 8,
  agentCount: 2,
  excluded: 0,
  statuses: { NO_DATA: 0, DEVICE_CANT_RUN_TEST: 0, ERROR: 0 },
})
const daily = answer('httpgetmt', [
  row({ dtime: '2026-11-01T00:00:00', median: 10 }),
  row({ dtime: '2026-11-02T00:00:00', median: 20 }),
])

describe('chart kinds (§3.1)', () => {
  it.each([
    ['aggregate', 'line'],
    ['graph', 'line'],
    ['raw', 'scatter'],
    ['column', 'column'],
    ['column_stacked', 'column_stacked'],
    ['boxplot', 'boxplot'],
    ['cdf', 'cdf'],
    ['table', null],
  ] as const)('%s draws %s', (type, kind) => {
    expect(chartKindOf(type)).toBe(kind)
  })
})

describe('buildChart', () => {
  it('an aggregate: a time line of the plot value, and a regression line', () => {
    const built = buildChart(form({}), [daily], labels)
    expect(built?.x.type).toBe('time')
    expect(built?.datasets[0]?.points?.map((p) => p.y)).toEqual([10, 20])
    expect(built?.datasets[1]?.regression).toBe(true)
  })
  it('no regression line when it is off; the plot value chosen', () => {
    const built = buildChart(form({ showRegression: false, plotValue: 'perc_95' }), [daily], labels)
    expect(built?.datasets).toHaveLength(1)
    expect(built?.datasets[0]?.points?.map((p) => p.y)).toEqual([20, 20])
  })
  it('one line per split value, named by it', () => {
    const split = answer('httpgetmt', [
      row({ dtime: '2026-11-01T00:00:00', split: '1' }),
      row({ dtime: '2026-11-01T00:00:00', split: '2' }),
    ])
    const built = buildChart(form({ split: 'isp', showRegression: false }), [split], labels)
    expect(built?.datasets.map((d) => d.label)).toEqual(['S:1', 'S:2'])
  })
  it('several metrics are named by metric', () => {
    const built = buildChart(
      form({ showRegression: false }),
      [daily, { ...daily, metric: 'udpLatency' }],
      labels,
    )
    expect(built?.datasets.map((d) => d.label)).toEqual(['M:httpgetmt', 'M:udpLatency'])
  })
  it('hour of day: categories in order', () => {
    const hours = answer('httpgetmt', [row({ aggregatedNumber: 5 }), row({ aggregatedNumber: 1 })])
    const built = buildChart(form({ timeAggregation: 'hour_of_day' }), [hours], labels)
    expect(built?.x).toEqual({ type: 'category', labels: ['#1', '#5'] })
  })
  it('a boxplot: 5th, 25th, median, 75th and 95th percentiles', () => {
    const built = buildChart(form({ chartType: 'boxplot' }), [daily], labels)
    expect(built?.datasets[0]?.boxes?.[0]).toEqual({ low: 2, q1: 5, median: 10, q3: 15, high: 20 })
  })
  it('columns: a value per category', () => {
    const built = buildChart(form({ chartType: 'column_stacked' }), [daily], labels)
    expect(built?.chart).toBe('column_stacked')
    expect(built?.datasets[0]?.values).toEqual([10, 20])
  })
  it('a cdf: percentiles 1 to 100 on x', () => {
    const cdf = answer('httpgetmt', [row({ cdf: Array.from({ length: 100 }, (_, i) => i * 2) })])
    const built = buildChart(form({ chartType: 'cdf' }), [cdf], labels)
    expect(built?.x).toEqual({ type: 'linear', min: 1, max: 100 })
    expect(built?.datasets[0]?.points?.[99]).toEqual({ x: 100, y: 198 })
  })
  it('raw points as a scatter, without points lacking a value', () => {
    const raw = answer(
      'httpgetmt',
      [
        { dtime: '2026-11-01T10:00:00Z', localTime: '2026-11-01 10:00', value: 50, status: 'OK' },
        {
          dtime: '2026-11-01T11:00:00Z',
          localTime: '2026-11-01 11:00',
          value: null,
          status: 'ERROR',
        },
      ],
      true,
    )
    const built = buildChart(
      form({ chartType: 'raw', timeAggregation: 'raw', showRegression: false }),
      [raw],
      labels,
    )
    expect(built?.chart).toBe('scatter')
    expect(built?.datasets[0]?.points).toHaveLength(1)
  })
  it('ci bands from ci95 when asked', () => {
    const withCi = answer('httpgetmt', [row({ dtime: '2026-11-01T00:00:00', ci95: [8, 12] })])
    expect(buildChart(form({ ci: true }), [withCi], labels)?.bands[0]?.points[0]).toMatchObject({
      low: 8,
      high: 12,
    })
    expect(buildChart(form({ ci: false }), [withCi], labels)?.bands).toEqual([])
  })
  it('a table draws no chart', () => {
    expect(buildChart(form({ chartType: 'table' }), [daily], labels)).toBeNull()
  })
})

describe('table, CSV and no data', () => {
  it('table rows carry the chosen columns', () => {
    expect(tableRows([daily], labels, ['median', 'sampleCount'])[1]).toMatchObject({
      metric: 'M:httpgetmt',
      bucket: '2026-11-02T00:00:00',
      values: { median: 20, sampleCount: 4 },
    })
  })
  it('the CSV has a header and a row per bucket', () => {
    const rows = chartCsvRows([daily], labels, {
      metric: 'Metric',
      split: 'Split',
      time: 'Time',
      value: 'Value',
      status: 'Status',
      unit: 'Unit',
    })
    expect(rows).toHaveLength(3)
    expect(rows[0]?.slice(0, 4)).toEqual(['Metric', 'Split', 'Time', 'perc_1'])
    expect(rows[2]?.[8]).toBe(20)
  })
  it.each<[string, ChartData[], boolean]>([
    ['samples', [daily], false],
    ['no samples', [answer('httpgetmt', [row({ sampleCount: 0 })])], true],
    ['no rows', [answer('httpgetmt', [])], true],
  ])('%s → no data %s', (_, answers, expected) => {
    expect(hasNoData(answers)).toBe(expected)
  })
})

describe('regressionLine', () => {
  it.each<[string, { x: number; y: number | null }[], unknown]>([
    [
      'a straight line is itself',
      [
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ],
      [
        { x: 0, y: 1 },
        { x: 2, y: 5 },
      ],
    ],
    [
      'gaps are left out',
      [
        { x: 0, y: 0 },
        { x: 1, y: null },
        { x: 2, y: 2 },
      ],
      [
        { x: 0, y: 0 },
        { x: 2, y: 2 },
      ],
    ],
    ['one point has no line', [{ x: 0, y: 1 }], null],
    [
      'one x has no line',
      [
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ],
      null,
    ],
  ])('%s', (_, points, expected) => {
    expect(regressionLine(points)).toEqual(expected)
  })
})
