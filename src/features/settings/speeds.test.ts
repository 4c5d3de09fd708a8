import { describe, expect, it } from 'vitest'
import { formatMbps, shareOfPackage } from './speeds'

describe('formatMbps', () => {
  it.each([
    { kbps: 300_000, locale: 'en-GB', expected: '300' },
    { kbps: 1_130_000, locale: 'en-GB', expected: '1,130' },
    { kbps: 8_500, locale: 'en-GB', expected: '8.5' },
    { kbps: 25_400, locale: 'en-GB', expected: '25.4' },
    { kbps: 412_350, locale: 'en-GB', expected: '412' },
    { kbps: 8_500, locale: 'fr-CA', expected: '8,5' },
  ])('$kbps kbps in $locale → $expected', ({ kbps, locale, expected }) => {
    expect(formatMbps(kbps, locale)).toBe(expected)
  })
})

describe('shareOfPackage', () => {
  it.each([
    { measured: 255, speed: 300, expected: 85 },
    { measured: 310, speed: 300, expected: 103 },
    { measured: null, speed: 300, expected: null },
    { measured: 100, speed: null, expected: null },
    { measured: 100, speed: 0, expected: null },
  ])('$measured of $speed → $expected', ({ measured, speed, expected }) => {
    expect(shareOfPackage(measured, speed)).toBe(expected)
  })
})
