import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { formatBytes, formatDuration, formatMetricValue, formatNumber } from './format'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

describe('formatNumber', () => {
  it.each([
    { locale: 'en-GB', value: 312.46, expected: '312' },
    { locale: 'en-GB', value: 41.57, expected: '41.6' },
    { locale: 'en-GB', value: 0.426, expected: '0.43' },
    { locale: 'en-GB', value: 1234.5, expected: '1,235' },
    { locale: 'fr-CA', value: 41.57, expected: '41,6' },
    { locale: 'ar-SA', value: 12, expected: '١٢' },
  ])('$value in $locale → $expected', ({ locale, value, expected }) => {
    expect(formatNumber(locale, value)).toBe(expected)
  })
})

describe('formatMetricValue', () => {
  it.each([
    { value: 312.4, unit: 'Mbps', expected: '312 Mbps' },
    { value: 12.25, unit: 'ms', expected: '12.3 ms' },
    { value: 0.5, unit: '%', expected: '0.5%' },
    { value: -78, unit: 'dBm', expected: '-78 dBm' },
    { value: 3, unit: 'count', expected: '3' },
  ] as const)('$value $unit', ({ value, unit, expected }) => {
    expect(formatMetricValue(i18n, value, unit)).toBe(expected)
  })
})

describe('formatBytes', () => {
  it.each([
    { bytes: 999, expected: '999 B' },
    { bytes: 1_500, expected: '1.5 kB' },
    { bytes: 12_345_678, expected: '12.3 MB' },
    { bytes: 2_400_000_000, expected: '2.4 GB' },
    { bytes: 312_400_000, expected: '312 MB' },
    { bytes: 3_456_000, expected: '3.46 MB' },
  ])('$bytes → $expected (the digits rule of every number)', ({ bytes, expected }) => {
    expect(formatBytes(i18n, bytes)).toBe(expected)
  })
})

describe('formatDuration', () => {
  it.each([
    { seconds: 40, expected: '40s' },
    { seconds: 300, expected: '5m' },
    { seconds: 330, expected: '5m 30s' },
    { seconds: 7500, expected: '2h 5m' },
    { seconds: 7200, expected: '2h' },
    { seconds: 0, expected: '0s' },
  ])('$seconds s → $expected', ({ seconds, expected }) => {
    expect(formatDuration('en-GB', seconds)).toBe(expected)
  })
})
