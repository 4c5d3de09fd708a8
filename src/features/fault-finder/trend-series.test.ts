import { describe, expect, it } from 'vitest'
import { dayTime, trendSeries } from './trend-series'

const labels = { value: 'Download', baseline: 'Usually' }

describe('dayTime', () => {
  it.each(['2026-11-14', '2026-01-01', '2024-02-29'])('%s is that day’s local midnight', (day) => {
    const time = new Date(dayTime(day))
    expect([time.getFullYear(), time.getMonth() + 1, time.getDate()]).toEqual(
      day.split('-').map(Number),
    )
    expect([time.getHours(), time.getMinutes()]).toEqual([0, 0])
  })
})

describe('trendSeries', () => {
  it('draws the figure and, dashed, the usual figure, over the trend’s days', () => {
    const trend = [
      { day: '2026-11-27', value: 384.81, baseline: 383.71 },
      { day: '2026-11-28', value: null, baseline: 384.33 },
      { day: '2026-11-29', value: 167.32, baseline: 383.71 },
    ]
    const chart = trendSeries(trend, labels)
    expect(chart?.range).toEqual({ from: dayTime('2026-11-27'), to: dayTime('2026-11-29') })
    expect(chart?.series.map((s) => [s.id, s.label, s.dashed ?? false])).toEqual([
      ['value', 'Download', false],
      ['baseline', 'Usually', true],
    ])
    expect(chart?.series[0]?.points.map((p) => p.y)).toEqual([384.81, null, 167.32])
    expect(chart?.series[1]?.points.map((p) => p.y)).toEqual([383.71, 384.33, 383.71])
  })

  it.each([
    { name: 'no days', trend: [] },
    { name: 'no day with a value', trend: [{ day: '2026-11-28', value: null, baseline: 1 }] },
  ])('has nothing to draw with $name', ({ trend }) => {
    expect(trendSeries(trend, labels)).toBeNull()
  })
})
