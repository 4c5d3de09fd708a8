import { describe, expect, it } from 'vitest'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import {
  DEFAULT_METRICS,
  isAlwaysShown,
  MAX_SELECTED_METRICS,
  readSelection,
  toggleMetric,
  visibleMetrics,
} from './metric-selection'

const SIX: ConsumerMetricKey[] = [
  'httpgetmt',
  'httppostmt',
  'udpLatency',
  'udpPacketLoss',
  'web_jitter',
  'responsiveness',
]

describe('isAlwaysShown (seeds 001 §3.3 prefixes)', () => {
  it.each([
    { key: 'consistency_80_80', expected: true },
    { key: 'vcop_download', expected: true },
    { key: 'accc_tbps_peak', expected: true },
    { key: 'short_term_reliability', expected: true },
    { key: 'short_term_reliability_7d', expected: true },
    { key: 'perc_above_90_evening_best_dl', expected: true },
    { key: 'disconnection_count', expected: true },
    { key: 'disconnection', expected: false },
    { key: 'httpgetmt', expected: false },
    { key: 'my_consistency_', expected: false },
  ])('$key → $expected', ({ key, expected }) => {
    expect(isAlwaysShown(key)).toBe(expected)
  })
})

describe('readSelection', () => {
  it.each([
    { name: 'nothing stored: the defaults', stored: undefined, expected: [...DEFAULT_METRICS] },
    { name: 'not a list: the defaults', stored: 'httpgetmt', expected: [...DEFAULT_METRICS] },
    { name: 'an empty list stays empty', stored: [], expected: [] },
    {
      name: 'unknown keys, duplicates and non-strings dropped',
      stored: ['httpget', 'nope', 'httpget', 3, 'udpLatency'],
      expected: ['httpget', 'udpLatency'],
    },
    {
      name: 'always-shown keys are not part of the selection',
      stored: ['consistency_80_80', 'httpget'],
      expected: ['httpget'],
    },
    {
      name: 'more than six stored: the first six',
      stored: [...SIX, 'httpget', 'dns_resolution'],
      expected: SIX,
    },
  ])('$name', ({ stored, expected }) => {
    expect(readSelection(stored)).toEqual(expected)
  })
})

describe('toggleMetric', () => {
  it.each([
    {
      name: 'adds a metric under the limit',
      selection: ['httpgetmt'] as ConsumerMetricKey[],
      key: 'udpLatency' as const,
      expected: { selection: ['httpgetmt', 'udpLatency'], outcome: 'added' },
    },
    {
      name: 'removes a selected metric',
      selection: SIX,
      key: 'udpLatency' as const,
      expected: {
        selection: ['httpgetmt', 'httppostmt', 'udpPacketLoss', 'web_jitter', 'responsiveness'],
        outcome: 'removed',
      },
    },
    {
      name: 'refuses a seventh',
      selection: SIX,
      key: 'httpget' as const,
      expected: { selection: SIX, outcome: 'refused-limit' },
    },
    {
      name: 'refuses an always-shown metric (it does not count)',
      selection: ['httpgetmt'] as ConsumerMetricKey[],
      key: 'consistency_80_80' as const,
      expected: { selection: ['httpgetmt'], outcome: 'refused-always-shown' },
    },
  ])('$name', ({ selection, key, expected }) => {
    expect(toggleMetric(selection, key)).toEqual(expected)
  })

  it('never lets the selection grow past the limit', () => {
    let selection: ConsumerMetricKey[] = []
    for (const key of [
      'httpget',
      'httpgetst',
      'httpgetmt',
      'httppost',
      'httppostst',
      'httppostmt',
      'udpLatency',
    ] as const) {
      selection = toggleMetric(selection, key).selection
    }
    expect(selection).toHaveLength(MAX_SELECTED_METRICS)
    expect(selection).not.toContain('udpLatency')
  })
})

describe('visibleMetrics', () => {
  it.each([
    {
      name: 'unit list not known yet: the selection in catalogue order, no always-shown ones',
      selection: ['udpLatency', 'httpgetmt'] as ConsumerMetricKey[],
      available: null,
      expected: { alwaysShown: [], selected: ['httpgetmt', 'udpLatency'] },
    },
    {
      name: 'only what the unit reports',
      selection: ['udpLatency', 'httpgetmt', 'mobile_signal_strength'] as ConsumerMetricKey[],
      available: ['httpgetmt', 'udpLatency'],
      expected: { alwaysShown: [], selected: ['httpgetmt', 'udpLatency'] },
    },
    {
      name: 'always-shown ones reported by the unit are listed apart',
      selection: ['httpgetmt'] as ConsumerMetricKey[],
      available: ['httpgetmt', 'consistency_80_80'],
      expected: { alwaysShown: ['consistency_80_80'], selected: ['httpgetmt'] },
    },
  ])('$name', ({ selection, available, expected }) => {
    expect(visibleMetrics(selection, available)).toEqual(expected)
  })
})
