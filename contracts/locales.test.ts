import { describe, expect, it } from 'vitest'
import { findLocale, matchLanguage } from './locales.ts'

describe('findLocale', () => {
  it.each([
    ['fr-CA', 'fr-CA'],
    ['fr_CA', 'fr-CA'],
    ['ar-sa', 'ar-SA'],
    ['ar', undefined],
    [null, undefined],
    ['', undefined],
  ] as const)('%j → %s', (code, expected) => {
    expect(findLocale(code)?.code).toBe(expected)
  })
})

describe('matchLanguage (a browser language tag)', () => {
  it.each([
    ['en-GB', 'en-GB'],
    ['en-US', 'en-GB'],
    ['en', 'en-GB'],
    ['ar', 'ar-SA'],
    ['ar-EG', 'ar-SA'],
    ['fr', 'fr-CA'],
    ['fr-FR', 'fr-CA'],
    ['de-DE', undefined],
    ['', undefined],
  ] as const)('%j → %s', (tag, expected) => {
    expect(matchLanguage(tag)?.code).toBe(expected)
  })
})
