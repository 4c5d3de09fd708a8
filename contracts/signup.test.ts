import { describe, expect, it } from 'vitest'
import { nameIn } from './signup.ts'

describe('nameIn', () => {
  const names = { 'ar-SA': 'الرياض', 'fr-CA': 'Riyad' }
  it.each([
    { locale: 'ar-SA', translations: names, expected: 'الرياض' },
    { locale: 'ar_SA', translations: names, expected: 'الرياض' },
    { locale: 'fr-CA', translations: names, expected: 'Riyad' },
    { locale: 'fr_CA', translations: names, expected: 'Riyad' },
    { locale: 'en-GB', translations: names, expected: 'Riyadh' },
    { locale: 'en_GB', translations: names, expected: 'Riyadh' },
    { locale: 'ar-SA', translations: { 'fr-CA': 'Riyad' }, expected: 'Riyadh' },
    { locale: 'fr-CA', translations: undefined, expected: 'Riyadh' },
    { locale: 'de-DE', translations: names, expected: 'Riyadh' },
  ])('Riyadh in $locale is $expected', ({ locale, translations, expected }) => {
    expect(nameIn('Riyadh', translations, locale)).toBe(expected)
  })
})
