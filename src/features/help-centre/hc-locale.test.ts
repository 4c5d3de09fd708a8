import { describe, expect, it } from 'vitest'
import { appLocaleOf, isHcLocale, pathInLocale, resolveHcLocale } from './hc-locale'

describe('resolveHcLocale', () => {
  it.each([
    { name: "the URL's locale first", url: 'ar', stored: 'fr-ca', app: 'en-GB', expected: 'ar' },
    {
      name: 'then the remembered one',
      url: undefined,
      stored: 'fr-ca',
      app: 'ar-SA',
      expected: 'fr-ca',
    },
    { name: "then the app locale's", url: undefined, stored: null, app: 'ar-SA', expected: 'ar' },
    {
      name: 'an unknown remembered one is skipped',
      url: undefined,
      stored: 'de',
      app: 'fr-CA',
      expected: 'fr-ca',
    },
    {
      name: 'en-gb at last (seeds 9)',
      url: undefined,
      stored: null,
      app: 'xx-XX',
      expected: 'en-gb',
    },
    {
      name: 'an unknown URL locale is not used',
      url: 'EN-GB',
      stored: null,
      app: 'en-GB',
      expected: 'en-gb',
    },
  ])('$name', ({ url, stored, app, expected }) => {
    expect(resolveHcLocale(url, stored, app)).toBe(expected)
  })
})

describe('isHcLocale', () => {
  it.each([
    { code: 'en-gb', expected: true },
    { code: 'ar', expected: true },
    { code: 'fr-ca', expected: true },
    { code: 'en-GB', expected: false },
    { code: 'search', expected: false },
    { code: undefined, expected: false },
  ])('$code', ({ code, expected }) => {
    expect(isHcLocale(code)).toBe(expected)
  })
})

describe('appLocaleOf', () => {
  it.each([
    { hc: 'en-gb' as const, code: 'en-GB', rtl: false },
    { hc: 'ar' as const, code: 'ar-SA', rtl: true },
    { hc: 'fr-ca' as const, code: 'fr-CA', rtl: false },
  ])('$hc', ({ hc, code, rtl }) => {
    expect(appLocaleOf(hc)).toMatchObject({ code, rtl })
  })
})

describe('pathInLocale', () => {
  it.each([
    { path: '/hc', expected: '/hc/ar' },
    { path: '/hc/', expected: '/hc/ar' },
    { path: '/hc/en-gb', expected: '/hc/ar' },
    { path: '/hc/articles/5', expected: '/hc/ar/articles/5' },
    { path: '/hc/fr-ca/sections/2', expected: '/hc/ar/sections/2' },
    { path: '/hc/search', expected: '/hc/ar/search' },
    { path: '/hc/ar/requests/new', expected: '/hc/ar/requests/new' },
  ])('$path', ({ path, expected }) => {
    expect(pathInLocale(path, 'ar')).toBe(expected)
  })
})
