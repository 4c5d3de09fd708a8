import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ChartDataResponseSchema, type ChartData } from './analytics.ts'

const statuses = { NO_DATA: 0, DEVICE_CANT_RUN_TEST: 1, ERROR: 0 }
const row = {
  dtime: '2026-11-01T00:00:00',
  perc_1: 1,
  perc_5: 2,
  perc_10: 3,
  perc_20: 4,
  perc_25: 5,
  median: 6,
  perc_75: 7,
  perc_80: 8,
  perc_90: 9,
  perc_95: 10,
  perc_99: 11,
  mean: 6,
  sampleCount: 3,
  agentCount: 2,
  noData: 0,
  cantRun: 0,
  errors: 0,
  excluded: 1,
  ci95: [5, 7],
}
const point = {
  dtime: '2026-11-01T10:00:00Z',
  localTime: '2026-11-01 10:00',
  value: null,
  status: 'ERROR',
  unitId: 4,
}
const body = (metricData: unknown, extra: Record<string, unknown> = {}) => ({
  data: {
    metric: 'httpgetmt',
    timeAggregation: 'daily',
    metricData,
    sampleCount: 3,
    agentCount: 2,
    excluded: 1,
    statuses,
    ...extra,
  },
})

describe('ChartDataResponseSchema', () => {
  it.each<[string, unknown, boolean]>([
    ['rows', body([row]), true],
    ['raw points', body([point], { timeAggregation: 'raw' }), true],
    ['no rows', body([]), true],
    ['an unknown metric', body([row], { metric: 'nope' }), false],
    ['an unknown aggregation', body([row], { timeAggregation: 'yearly' }), false],
    ['a row without sample count', body([{ ...row, sampleCount: undefined }]), false],
    ['a ci that is not a pair', body([{ ...row, ci95: [1] }]), false],
    ['statuses missing', { data: { ...body([row]).data, statuses: undefined } }, false],
  ])('%s → %s', (_, input, valid) => {
    expect(v.safeParse(ChartDataResponseSchema, input).success).toBe(valid)
  })

  it('reads as the ChartData the server answers', () => {
    const parsed: ChartData = v.parse(ChartDataResponseSchema, body([row])).data
    expect(parsed.metricData).toHaveLength(1)
  })
})
