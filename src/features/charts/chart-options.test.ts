import { describe, expect, it } from 'vitest'
import {
  barOptions,
  DECIMATION_THRESHOLD,
  gapSegmentColor,
  lineDataset,
  referenceDataset,
  timeSeriesOptions,
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

describe('lineDataset', () => {
  it('draws only the points with a value and breaks the line across the others', () => {
    const dataset = lineDataset(
      {
        id: 'dl',
        label: 'Download',
        points: [
          { x: 1, y: 10 },
          { x: 2, y: null, status: 'ERROR' },
          { x: 3, y: 30 },
          { x: 4, y: 0 },
        ],
      },
      0,
    )
    expect(dataset.data).toEqual([
      { x: 1, y: 10 },
      { x: 3, y: 30 },
      { x: 4, y: 0 },
    ])
    expect(dataset.segment).toBeDefined()
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
