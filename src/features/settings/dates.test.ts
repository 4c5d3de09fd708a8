import { describe, expect, it } from 'vitest'
import { formatIsoDate, formatIsoMonth, localIsoDate } from './dates'

describe('localIsoDate', () => {
  it.each([
    { date: new Date(2026, 0, 5, 23, 59), expected: '2026-01-05' },
    { date: new Date(2026, 11, 31, 0, 0), expected: '2026-12-31' },
    { date: new Date(2024, 1, 29, 12, 0), expected: '2024-02-29' },
  ])('$expected', ({ date, expected }) => {
    expect(localIsoDate(date)).toBe(expected)
  })
})

describe('formatIsoDate and formatIsoMonth', () => {
  it.each([
    { value: '2026-03-01', locale: 'en-GB', expected: '1 March 2026', format: formatIsoDate },
    { value: '2026-03-31', locale: 'en-GB', expected: '31 March 2026', format: formatIsoDate },
    { value: 'soon', locale: 'en-GB', expected: 'soon', format: formatIsoDate },
    { value: '2026-03', locale: 'en-GB', expected: 'March 2026', format: formatIsoMonth },
    { value: '2026-12', locale: 'fr-CA', expected: 'décembre 2026', format: formatIsoMonth },
    {
      value: '2026-09',
      locale: 'en-GB',
      expected: 'Sept 2026',
      format: (m: string, l: string) => formatIsoMonth(m, l, 'short'),
    },
  ])('$value in $locale → $expected', ({ value, locale, expected, format }) => {
    expect(format(value, locale)).toBe(expected)
  })
})
