import { describe, expect, it } from 'vitest'
import type { AnomalyMetric, AnomalyState, AnomalyType } from '../../../contracts/anomalies.ts'
import { addDays, detect, isAnomalous, type AreaDay, type PanelDay } from './detect.ts'

/** The last whole day; the panel's latest day (TODAY) has just begun. */
const LATEST = '2026-06-30'
const TODAY = '2026-07-01'
const USUAL: Record<AnomalyMetric, number> = {
  download: 100,
  upload: 20,
  latency: 20,
  packet_loss: 0.5,
  disconnection: 0,
  outage: 0,
}

type Change = {
  area?: string
  metric: AnomalyMetric
  /** Days before LATEST, inclusive: [from, to]. */
  from: number
  to: number
  /** The mean's factor, failed share of the results, or the units left reporting. */
  factor?: number
  failedShare?: number
  tests?: number
  units?: number
}

type Expected = {
  type: AnomalyType
  metric: AnomalyMetric
  state: AnomalyState
  /** Days before LATEST of its first and last day. */
  days: [number, number]
}

/** 60 days of two areas of 10 units, 30 tests a metric a day, steady values, with `changes`. */
function fixture(changes: Change[] = []): { rows: AreaDay[]; panel: PanelDay[] } {
  const rows: AreaDay[] = []
  const panel = new Map<string, number>()
  for (const area of ['HUB-A', 'HUB-B']) {
    for (const metric of ['download', 'upload', 'latency', 'packet_loss'] as const) {
      // Days before LATEST, then the day after it: today, begun, a few normal tests in.
      for (let back = 59; back >= -1; back -= 1) {
        const day = addDays(LATEST, -back)
        const change = changes.find(
          (c) =>
            (c.area ?? 'HUB-A') === area && c.metric === metric && back <= c.from && back >= c.to,
        )
        const tests = back === -1 ? 3 : (change?.tests ?? 30)
        const failed = Math.round(tests * (change?.failedShare ?? 0))
        const ok = tests - failed
        // A little day-to-day wobble keeps the medians honest.
        const wobble = 1 + ((back * 7) % 5) / 100
        const mean = USUAL[metric] * wobble * (change?.factor ?? 1)
        rows.push({ area, metric, day, units: change?.units ?? 10, ok, failed, sum: mean * ok })
        const key = `${metric}|${day}`
        panel.set(key, (panel.get(key) ?? 0) + ok)
      }
    }
  }
  return {
    rows,
    panel: [...panel].map(([key, ok]) => {
      const [metric, day] = key.split('|') as [AnomalyMetric, string]
      return { metric, day, ok }
    }),
  }
}

describe('isAnomalous', () => {
  it.each([
    ['download at 70% of usual', 'measurement', 'download', 70, 100, true],
    ['download at 71% of usual', 'measurement', 'download', 71, 100, false],
    ['upload at 50%', 'measurement', 'upload', 10, 20, true],
    ['latency 1.5× and +10 ms', 'measurement', 'latency', 30, 20, true],
    ['latency 1.5× but +3 ms only', 'measurement', 'latency', 9, 6, false],
    ['latency 1.4×', 'measurement', 'latency', 28, 20, false],
    ['loss 2× and +1 point', 'measurement', 'packet_loss', 2, 1, true],
    ['loss 3× but +0.4 point', 'measurement', 'packet_loss', 0.6, 0.2, false],
    ['success 10 points under', 'success_rate', 'download', 89, 99, true],
    ['success 9 points under', 'success_rate', 'download', 90, 99, false],
    ['half the usual tests', 'sample_size', 'download', 0.05, 0.1, true],
    ['60% of the usual tests', 'sample_size', 'download', 0.06, 0.1, false],
    ['no baseline to fall under', 'sample_size', 'download', 0, 0, false],
    ['outages are not judged from figures', 'outage', 'outage', 0, 100, false],
  ] as const)('%s', (_, type, metric, value, baseline, expected) => {
    expect(isAnomalous({ type, metric }, value, baseline)).toBe(expected)
  })
})

describe('detect', () => {
  it('finds nothing in steady areas', () => {
    const { rows, panel } = fixture()
    expect(detect(rows, panel, TODAY)).toEqual([])
  })

  it.each([
    {
      name: 'a download drop over the last three days is ongoing',
      changes: [{ metric: 'download', from: 2, to: 0, factor: 0.5 }],
      expected: [{ type: 'measurement', metric: 'download', state: 'ongoing', days: [2, 0] }],
    },
    {
      name: 'one normal day inside an anomaly does not split it',
      changes: [
        { metric: 'download', from: 12, to: 11, factor: 0.5 },
        { metric: 'download', from: 9, to: 8, factor: 0.5 },
      ],
      expected: [{ type: 'measurement', metric: 'download', state: 'closed', days: [12, 8] }],
    },
    {
      name: 'latency doubled since yesterday is new',
      changes: [{ metric: 'latency', from: 1, to: 0, factor: 2 }],
      expected: [{ type: 'measurement', metric: 'latency', state: 'new', days: [1, 0] }],
    },
    {
      name: 'latency doubling today only is new',
      changes: [{ metric: 'latency', from: 0, to: 0, factor: 2 }],
      expected: [{ type: 'measurement', metric: 'latency', state: 'new', days: [0, 0] }],
    },
    {
      name: 'packet loss over days 20 to 16 ago is closed',
      changes: [{ metric: 'packet_loss', from: 20, to: 16, factor: 8 }],
      expected: [{ type: 'measurement', metric: 'packet_loss', state: 'closed', days: [20, 16] }],
    },
    {
      name: 'a third of uploads failing is a success-rate anomaly',
      changes: [{ metric: 'upload', from: 5, to: 4, failedShare: 0.34 }],
      expected: [{ type: 'success_rate', metric: 'upload', state: 'closed', days: [5, 4] }],
    },
    {
      name: 'a quiet area is a sample-size anomaly, judged on downloads',
      changes: [
        { metric: 'download', from: 3, to: 0, tests: 10 },
        { metric: 'upload', from: 3, to: 0, tests: 10 },
      ],
      expected: [{ type: 'sample_size', metric: 'download', state: 'ongoing', days: [3, 0] }],
    },
  ] satisfies { name: string; changes: Change[]; expected: Expected[] }[])(
    '$name',
    ({ changes, expected }) => {
      const { rows, panel } = fixture(changes)
      const found = detect(rows, panel, TODAY)
      expect(found).toHaveLength(1)
      expect(found[0]?.area).toBe('HUB-A')
      expect(
        found[0]?.anomalies.map((a) => ({
          type: a.type,
          metric: a.metric,
          state: a.state,
          days: [a.firstDay, a.lastDay],
        })),
      ).toEqual(
        expected.map(({ days, ...rest }) => ({
          ...rest,
          days: [addDays(LATEST, -days[0]), addDays(LATEST, -days[1])],
        })),
      )
    },
  )

  it('needs five failures for a success-rate anomaly (one in nine is chance)', () => {
    const few = fixture([{ metric: 'upload', from: 1, to: 1, tests: 9, failedShare: 0.12 }])
    expect(detect(few.rows, few.panel, TODAY)).toEqual([])
  })

  it('ignores days with fewer than five units, in judging and in baselines', () => {
    const { rows, panel } = fixture([{ metric: 'download', from: 3, to: 0, factor: 0.3, units: 4 }])
    expect(detect(rows, panel, TODAY)).toEqual([])
  })

  it('needs 14 days of history before judging', () => {
    const { rows, panel } = fixture([{ metric: 'download', from: 59, to: 50, factor: 0.3 }])
    // The first days have no baseline; later days compare with a baseline holding them.
    expect(detect(rows, panel, TODAY)).toEqual([])
  })

  it('gathers one area overlapping anomalies into one collection, in its worst day', () => {
    const { rows, panel } = fixture([
      { metric: 'download', from: 3, to: 0, factor: 0.5 },
      { metric: 'latency', from: 2, to: 1, factor: 3 },
    ])
    const [collection, ...rest] = detect(rows, panel, TODAY)
    expect(rest).toEqual([])
    expect(collection).toMatchObject({
      area: 'HUB-A',
      state: 'ongoing',
      firstDay: addDays(LATEST, -3),
      lastDay: LATEST,
    })
    const latency = collection?.anomalies.find((a) => a.metric === 'latency')
    expect(latency?.state).toBe('closed')
    expect(latency?.baseline).toBeCloseTo(20.6, 0)
    expect(latency?.value).toBeGreaterThan(55)
    // The trend leads in with two weeks of normal days and runs on to the latest (the recovery).
    expect(latency?.trend[0]?.day).toBe(addDays(LATEST, -16))
    expect(latency?.trend.at(-1)).toMatchObject({ day: LATEST, value: 20 })
  })

  it('keeps separate episodes of one area apart, newest first', () => {
    const { rows, panel } = fixture([
      { metric: 'download', from: 25, to: 24, factor: 0.5 },
      { metric: 'download', from: 10, to: 9, factor: 0.5 },
      { area: 'HUB-B', metric: 'upload', from: 0, to: 0, factor: 0.2 },
    ])
    expect(detect(rows, panel, TODAY).map((c) => [c.area, c.firstDay, c.state])).toEqual([
      ['HUB-B', LATEST, 'new'],
      ['HUB-A', addDays(LATEST, -10), 'closed'],
      ['HUB-A', addDays(LATEST, -25), 'closed'],
    ])
  })

  it("keeps an anomaly open on its area's latest day, a day behind the panel's", () => {
    const { rows, panel } = fixture([{ metric: 'download', from: 3, to: 0, factor: 0.5 }])
    // HUB-A's units are a time zone behind: their today is the panel's yesterday.
    const behind = rows.filter((row) => !(row.area === 'HUB-A' && row.day === TODAY))
    const [collection] = detect(behind, panel, TODAY)
    expect(collection).toMatchObject({
      area: 'HUB-A',
      state: 'ongoing',
      lastDay: addDays(LATEST, -1),
    })
  })

  it('does not judge a panel-wide gap as quiet areas', () => {
    // Every area reports a tenth of its tests today (the day has just begun).
    const { rows, panel } = fixture([
      { metric: 'download', from: 0, to: 0, tests: 3 },
      { area: 'HUB-B', metric: 'download', from: 0, to: 0, tests: 3 },
    ])
    expect(detect(rows, panel, TODAY)).toEqual([])
  })
})
