import { describe, expect, it } from 'vitest'
import { groupFieldOf, groupProblems, listNames, seatState } from './data-subs'

describe('groupFieldOf', () => {
  it.each([
    { server: 'name', field: 'name' },
    { server: 'features', field: 'features' },
    { server: 'features.0', field: 'features' },
    { server: 'features.12', field: 'features' },
    { server: 'features.x', field: null },
    { server: 'body', field: null },
    { server: 'featuresx', field: null },
  ])('$server → $field', ({ server, field }) => {
    expect(groupFieldOf(server)).toBe(field)
  })
})

describe('groupProblems', () => {
  it.each([
    { name: '', expected: { name: 'MISSING' } },
    { name: '   ', expected: { name: 'MISSING' } },
    { name: 'Field engineers', expected: {} },
    { name: ` ${'x'.repeat(100)} `, expected: {} },
    { name: 'x'.repeat(101), expected: { name: { code: 'LENGTH_MAX', value: 100 } } },
  ])('"$name"', ({ name, expected }) => {
    expect(groupProblems({ name })).toEqual(expected)
  })
})

describe('seatState', () => {
  it.each([
    { used: 0, seats: 3, expected: 'free' },
    { used: 3, seats: 3, expected: 'full' },
    { used: 0, seats: 0, expected: 'full' },
    { used: 4, seats: 3, expected: 'over' },
  ] as const)('$used of $seats → $expected', ({ used, seats, expected }) => {
    expect(seatState(used, seats)).toBe(expected)
  })
})

describe('listNames (names in a cell, in the reader’s language)', () => {
  it.each([
    { locale: 'en-GB', names: ['Analytics', 'Unit search'], text: 'Analytics, Unit search' },
    { locale: 'fr-CA', names: ['Analyses', 'Recherche'], text: 'Analyses, Recherche' },
    {
      locale: 'ar-SA',
      names: ['التحليلات', 'Field engineers'],
      text: 'التحليلات، Field engineers',
    },
    { locale: 'ar', names: ['أ', 'ب', 'ج'], text: 'أ، ب، ج' },
    { locale: 'ar-SA', names: [], text: '' },
    { locale: 'ar-SA', names: ['وحيد'], text: 'وحيد' },
  ])('$locale: $text', ({ locale, names, text }) => {
    expect(listNames(locale, names)).toBe(text)
  })
})
