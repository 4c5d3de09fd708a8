import { describe, expect, it } from 'vitest'
import { byCountryName, countryName } from './country-name'

describe('countryName', () => {
  it.each([
    { code: 'SA', name: 'Saudi Arabia', locale: 'en-GB', expected: 'Saudi Arabia' },
    { code: 'SA', name: 'Saudi Arabia', locale: 'ar-SA', expected: 'المملكة العربية السعودية' },
    { code: 'NZ', name: 'New Zealand', locale: 'fr-CA', expected: 'Nouvelle-Zélande' },
    { code: 'gb', name: 'United Kingdom', locale: 'fr-CA', expected: 'Royaume-Uni' },
    // Not a region code: the API's name as it is.
    { code: 'XX1', name: 'Elsewhere', locale: 'ar-SA', expected: 'Elsewhere' },
    { code: '', name: 'Unknown', locale: 'fr-CA', expected: 'Unknown' },
  ])('$code in $locale → $expected', ({ code, name, locale, expected }) => {
    expect(countryName({ code, name }, locale)).toBe(expected)
  })
})

describe('byCountryName', () => {
  const countries = [
    { code: 'NZ', name: 'New Zealand' },
    { code: 'AU', name: 'Australia' },
    { code: 'SA', name: 'Saudi Arabia' },
  ]
  it.each([
    { locale: 'en-GB', expected: ['AU', 'NZ', 'SA'] },
    // Australie, Arabie saoudite, Nouvelle-Zélande
    { locale: 'fr-CA', expected: ['SA', 'AU', 'NZ'] },
  ])('sorts by the names in $locale', ({ locale, expected }) => {
    expect(byCountryName(countries, locale).map((c) => c.code)).toEqual(expected)
  })
})
