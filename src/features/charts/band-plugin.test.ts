import { describe, expect, it } from 'vitest'
import { runsOf } from './band-plugin'
import { timeSeriesOptions } from './chart-options'

const DAY = 24 * 3600 * 1000

describe('runsOf: a band breaks where a day has no value', () => {
  it.each([
    { xs: [], runs: [] },
    { xs: [0, DAY, 2 * DAY], runs: [[0, DAY, 2 * DAY]] },
    {
      xs: [0, DAY, 3 * DAY, 4 * DAY],
      runs: [
        [0, DAY],
        [3 * DAY, 4 * DAY],
      ],
    },
    { xs: [0, 5 * DAY], runs: [[0], [5 * DAY]] },
  ])('$xs → $runs', ({ xs, runs }) => {
    expect(runsOf(xs.map((x) => ({ x }))).map((run) => run.map((p) => p.x))).toEqual(runs)
  })
})

describe('timeSeriesOptions: bands and the legend', () => {
  const base = {
    locale: 'en-GB',
    rtl: false,
    range: { from: 0, to: 30 * DAY },
    formatValue: String,
    showLegend: true,
  }
  it('hands the bands to the band plugin, and turns it off without any', () => {
    const bands = [{ id: 'day-range', points: [{ x: 0, low: 1, high: 2 }] }]
    expect(timeSeriesOptions({ ...base, bands }).plugins?.wbBands).toEqual({
      bands,
      color: 'rgba(11, 87, 164, 0.16)',
    })
    expect(timeSeriesOptions({ ...base, bands, theme: 'dark' }).plugins?.wbBands).toEqual({
      bands,
      color: 'rgba(124, 184, 247, 0.22)',
    })
    expect(timeSeriesOptions(base).plugins?.wbBands).toBe(false)
  })
  it('keys each line with a short line drawn like it (the package dashed, as on the chart)', () => {
    const labels = timeSeriesOptions(base).plugins?.legend?.labels
    expect(labels).toMatchObject({ usePointStyle: true, pointStyle: 'line' })
    const chart = {
      data: {
        datasets: [
          { label: 'Download', borderColor: '#0b57a4' },
          { label: 'Package', borderColor: '#4a5263', borderDash: [6, 4] },
        ],
      },
      isDatasetVisible: () => true,
    }
    const items = labels?.generateLabels?.(chart as never) ?? []
    expect(items.map((item) => [item.text, item.lineDash])).toEqual([
      ['Download', []],
      ['Package', [6, 4]],
    ])
  })
})
