import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import {
  choiceFromSearch,
  ConsumerAnalyticsSearchSchema,
  metricsFromSearch,
  searchForChoice,
} from './analytics-search'

const today = '2026-11-21'

describe('ConsumerAnalyticsSearchSchema', () => {
  it.each([
    { input: { days: 14 }, expected: { days: 14 } },
    { input: { days: 15 }, expected: {} },
    { input: { days: '7' }, expected: {} },
    {
      input: { from: '2026-11-01', to: '2026-11-02' },
      expected: { from: '2026-11-01', to: '2026-11-02' },
    },
    { input: { from: 'yesterday' }, expected: {} },
    {
      input: { metrics: 'httpgetmt,udpLatency', unit: 3 },
      expected: { metrics: 'httpgetmt,udpLatency', unit: 3 },
    },
    { input: { unit: -1 }, expected: {} },
  ])('$input → $expected', ({ input, expected }) => {
    // toEqual ignores the keys whose value is undefined (the fallbacks).
    expect(v.parse(ConsumerAnalyticsSearchSchema, input)).toEqual(expected)
  })
})

describe('choiceFromSearch', () => {
  it.each([
    { search: {}, expected: { kind: 'last', days: 30 } },
    { search: { days: 7 as const }, expected: { kind: 'last', days: 7 } },
    {
      search: { days: 7 as const, from: '2026-11-01', to: '2026-11-10' },
      expected: { kind: 'fixed', from: '2026-11-01', to: '2026-11-10' },
    },
    // Unusable fixed dates fall back to the last n days.
    {
      search: { days: 90 as const, from: '2026-11-10', to: '2026-11-01' },
      expected: { kind: 'last', days: 90 },
    },
    { search: { from: '2026-01-01', to: '2026-11-01' }, expected: { kind: 'last', days: 30 } },
    { search: { from: '2026-11-01', to: '2026-11-30' }, expected: { kind: 'last', days: 30 } },
    { search: { from: '2026-11-01' }, expected: { kind: 'last', days: 30 } },
  ])('$search → $expected', ({ search, expected }) => {
    expect(choiceFromSearch(search, today)).toEqual(expected)
  })

  it('clears the other kind of range', () => {
    expect(searchForChoice({ kind: 'last', days: 14 })).toEqual({
      days: 14,
      from: undefined,
      to: undefined,
    })
    expect(searchForChoice({ kind: 'fixed', from: '2026-11-01', to: '2026-11-02' })).toEqual({
      days: undefined,
      from: '2026-11-01',
      to: '2026-11-02',
    })
  })
})

describe('metricsFromSearch', () => {
  const reported: ConsumerMetricKey[] = ['httpgetmt', 'httppostmt', 'udpLatency', 'web_jitter']
  it.each<{
    param: string | undefined
    available: ConsumerMetricKey[] | null
    expected: ConsumerMetricKey[]
  }>([
    { param: undefined, available: reported, expected: ['httpgetmt', 'httppostmt', 'udpLatency'] },
    { param: undefined, available: null, expected: ['httpgetmt', 'httppostmt', 'udpLatency'] },
    { param: 'web_jitter,httpgetmt', available: reported, expected: ['httpgetmt', 'web_jitter'] },
    { param: 'web_jitter,web_jitter', available: reported, expected: ['web_jitter'] },
    {
      param: 'responsiveness',
      available: reported,
      expected: ['httpgetmt', 'httppostmt', 'udpLatency'],
    },
    { param: 'nonsense,udpLatency', available: reported, expected: ['udpLatency'] },
    { param: '', available: reported, expected: [] },
    {
      param: undefined,
      available: ['mobile_signal_strength', 'udpLatency'],
      expected: ['udpLatency'],
    },
    {
      param: undefined,
      available: ['mobile_signal_strength'],
      expected: ['mobile_signal_strength'],
    },
    { param: undefined, available: [], expected: [] },
  ])('$param of $available → $expected', ({ param, available, expected }) => {
    expect(metricsFromSearch(param, available)).toEqual(expected)
  })
})
