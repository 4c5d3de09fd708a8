import { describe, expect, it } from 'vitest'
import { formatIdNumber, numberFormat } from './number-format'

describe('numberFormat', () => {
  it.each([
    { locale: 'ar-SA', options: {}, value: 35, expected: '٣٥' },
    { locale: 'en-GB', options: {}, value: 1042, expected: '1,042' },
    { locale: 'en-GB', options: { useGrouping: false }, value: 1042, expected: '1042' },
    { locale: 'fr-CA', options: { maximumFractionDigits: 1 }, value: 41.56, expected: '41,6' },
  ])('$locale $options: $value → $expected', ({ locale, options, value, expected }) => {
    expect(numberFormat(locale, options).format(value)).toBe(expected)
  })

  it('makes each format once', () => {
    expect(numberFormat('ar-SA', { useGrouping: false })).toBe(
      numberFormat('ar-SA', { useGrouping: false }),
    )
    expect(numberFormat('ar-SA')).not.toBe(numberFormat('fr-CA'))
  })
})

describe('formatIdNumber (an id naming a thing in words: "Unit 35")', () => {
  it.each([
    { locale: 'en-GB', id: 35, expected: '35' },
    { locale: 'en-GB', id: 104_213, expected: '104213' },
    { locale: 'fr-CA', id: 104_213, expected: '104213' },
    { locale: 'ar-SA', id: 35, expected: '٣٥' },
    { locale: 'ar-SA', id: 1042, expected: '١٠٤٢' },
  ])('writes $id in $locale as $expected', ({ locale, id, expected }) => {
    expect(formatIdNumber(locale, id)).toBe(expected)
  })
})
