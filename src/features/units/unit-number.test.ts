import { describe, expect, it } from 'vitest'
import { formatUnitNumber } from './unit-number'

describe('formatUnitNumber', () => {
  it.each([
    { locale: 'en-GB', unitId: 35, expected: '35' },
    { locale: 'en-GB', unitId: 104_213, expected: '104213' },
    { locale: 'fr-CA', unitId: 104_213, expected: '104213' },
    { locale: 'ar-SA', unitId: 35, expected: '٣٥' },
    { locale: 'ar-SA', unitId: 1042, expected: '١٠٤٢' },
  ])('writes unit $unitId in $locale as $expected', ({ locale, unitId, expected }) => {
    expect(formatUnitNumber(locale, unitId)).toBe(expected)
  })
})
