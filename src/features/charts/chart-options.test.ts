import { describe, expect, it } from 'vitest'
import {
  barOptions,
  DECIMATION_THRESHOLD,
  gapSegmentColor,
  lineDataset,
  referenceDataset,
  timeSeriesOptions,
  timeUnitFor,
  withGapPoints,
} from './chart-options'

const range = { from: 1_000, to: 9_000 }
const formatValue = (v: number) => `${v} Mbps`

describe('timeSeriesOptions', () => {
  it.each([
    {
      locale: 'en-GB',
      rtl: false,
      yPosition: 'left',
      direction: 'ltr',
      xTicks: 5,
      layout: {},
    },
    {
      locale: 'ar-SA',
      rtl: true,
      yPosition: 'right',
      direction: 'rtl',
      xTicks: 4,
      layout: { padding: { left: 28, right: 8 } },
    },
  ])(
    '$locale: x reversed = $rtl, tooltips and legend $direction, $xTicks date labels, room at the edges',
    ({ locale, rtl, yPosition, direction, xTicks, layout }) => {
      const options = timeSeriesOptions({ locale, rtl, range, formatValue, showLegend: true })
      expect(options.scales?.x).toMatchObject({
        type: 'time',
        min: 1_000,
        max: 9_000,
        reverse: rtl,
        adapters: { date: { locale } },
      })
      expect(options.scales?.x?.ticks).toMatchObject({ maxTicksLimit: xTicks })
      expect(options.layout).toEqual(layout)
      expect(options.scales?.y).toMatchObject({ position: yPosition })
      expect(options.plugins?.tooltip).toMatchObject({ rtl, textDirection: direction })
      expect(options.plugins?.legend).toMatchObject({
        rtl,
        textDirection: direction,
        display: true,
      })
      expect(options.locale).toBe(locale)
    },
  )

  it('decimates with LTTB above 1,000 points, without parsing, with no animation', () => {
    const options = timeSeriesOptions({
      locale: 'en-GB',
      rtl: false,
      range,
      formatValue,
      showLegend: false,
    })
    expect(DECIMATION_THRESHOLD).toBe(1000)
    expect(options.plugins?.decimation).toEqual({
      enabled: true,
      algorithm: 'lttb',
      threshold: 1000,
    })
    expect(options.parsing).toBe(false)
    expect(options.animation).toBe(false)
  })
})

describe('timeUnitFor', () => {
  const day = 24 * 60 * 60 * 1000
  it.each([
    { days: 1, unit: 'hour' },
    { days: 2, unit: 'hour' },
    { days: 7, unit: 'day' },
    { days: 30, unit: 'day' },
    { days: 90, unit: 'day' },
    { days: 365, unit: 'month' },
  ])('$days days: $unit', ({ days, unit }) => {
    expect(timeUnitFor({ from: 0, to: days * day })).toBe(unit)
  })
})

describe('lineDataset', () => {
  const points = [
    { x: 1, y: 10 },
    { x: 2, y: null, status: 'ERROR' },
    { x: 3, y: 30 },
    { x: 4, y: 0 },
  ]

  it('keeps a point without a value as NaN, where chart.js breaks the line (no segment callback)', () => {
    const dataset = lineDataset({ id: 'dl', label: 'Download', points }, 0)
    expect(dataset.data).toEqual([
      { x: 1, y: 10 },
      { x: 2, y: Number.NaN },
      { x: 3, y: 30 },
      { x: 4, y: 0 },
    ])
    expect(dataset.segment).toBeUndefined()
  })

  it('above the decimation threshold draws only values and hides the line across gaps', () => {
    const many = Array.from({ length: DECIMATION_THRESHOLD + 1 }, (_, i) => ({
      x: i,
      y: i === 5 ? null : i,
    }))
    const dataset = lineDataset({ id: 'dl', label: 'Download', points: many }, 0)
    expect(dataset.data).toHaveLength(DECIMATION_THRESHOLD)
    expect(dataset.data.every((point) => Number.isFinite(point.y))).toBe(true)
    expect(dataset.segment).toBeDefined()
  })

  it('needs no segment callback when nothing is missing', () => {
    const dataset = lineDataset(
      {
        id: 'dl',
        label: 'Download',
        points: points.filter((point) => point.y !== null),
      },
      0,
    )
    expect(dataset.segment).toBeUndefined()
  })

  it.each([
    { dashed: undefined, borderDash: undefined, borderWidth: 2 },
    { dashed: false, borderDash: undefined, borderWidth: 2 },
    { dashed: true, borderDash: [6, 4], borderWidth: 1.5 },
  ])(
    'a series dashed: $dashed is drawn with dash $borderDash',
    ({ dashed, borderDash, borderWidth }) => {
      const dataset = lineDataset({ id: 'usual', label: 'Usually', points, dashed }, 1)
      expect(dataset.borderDash).toEqual(borderDash)
      expect(dataset.borderWidth).toBe(borderWidth)
    },
  )
})

describe('withGapPoints', () => {
  it.each([
    { drawn: [1, 3], gaps: [2], expected: [1, 'gap', 3] },
    { drawn: [2, 3], gaps: [1, 4], expected: ['gap', 2, 3, 'gap'] },
    { drawn: [], gaps: [5], expected: ['gap'] },
  ])('$drawn with gaps $gaps', ({ drawn, gaps, expected }) => {
    const merged = withGapPoints(
      drawn.map((x) => ({ x, y: x })),
      gaps,
    )
    expect(merged.map((point) => (Number.isNaN(point.y) ? 'gap' : point.x))).toEqual(expected)
  })
})

describe('gapSegmentColor', () => {
  const color = gapSegmentColor([2, 7])
  const segment = (a: number, b: number) =>
    color({ p0: { parsed: { x: a, y: 0 } }, p1: { parsed: { x: b, y: 0 } } } as never)
  it.each([
    { a: 1, b: 3, expected: 'transparent' },
    { a: 3, b: 4, expected: undefined },
    { a: 4, b: 9, expected: 'transparent' },
  ])('segment $a→$b: $expected', ({ a, b, expected }) => {
    expect(segment(a, b)).toBe(expected)
  })
})

describe('referenceDataset', () => {
  it('is a dashed line across the whole range', () => {
    expect(referenceDataset({ id: 'pkg', label: 'Package', value: 300 }, range)).toMatchObject({
      label: 'Package',
      data: [
        { x: 1_000, y: 300 },
        { x: 9_000, y: 300 },
      ],
      borderDash: [6, 4],
      pointRadius: 0,
    })
  })
})

describe('barOptions', () => {
  it.each([
    { rtl: false, direction: 'ltr', layout: {} },
    { rtl: true, direction: 'rtl', layout: { padding: { left: 28, right: 8 } } },
  ])('rtl $rtl', ({ rtl, direction, layout }) => {
    const options = barOptions({ locale: 'ar-SA', rtl, formatValue })
    expect(options.scales?.x).toMatchObject({ reverse: rtl })
    expect(options.layout).toEqual(layout)
    expect(options.plugins?.tooltip).toMatchObject({ rtl, textDirection: direction })
  })
})

describe('the theme a chart is drawn for', () => {
  const points = [{ x: 2_000, y: 100, id: 't1' }]
  it.each([
    { theme: 'light', line: '#0b57a4', text: '#4a5263', grid: '#e3e7ee', reference: '#4a5263' },
    { theme: 'dark', line: '#7cb8f7', text: '#aeb6c4', grid: '#2f3848', reference: '#aeb6c4' },
  ] as const)('$theme', ({ theme, line, text, grid, reference }) => {
    expect(lineDataset({ id: 'dl', label: 'Download', points }, 0, theme)).toMatchObject({
      borderColor: line,
    })
    expect(
      referenceDataset({ id: 'pkg', label: 'Package', value: 300 }, range, theme),
    ).toMatchObject({ borderColor: reference })
    const options = timeSeriesOptions({
      locale: 'en-GB',
      rtl: false,
      range,
      formatValue,
      showLegend: true,
      theme,
    })
    expect(options.scales?.y).toMatchObject({ grid: { color: grid }, ticks: { color: text } })
    expect(barOptions({ locale: 'en-GB', rtl: false, formatValue, theme }).scales?.y).toMatchObject(
      { grid: { color: grid } },
    )
  })
})
