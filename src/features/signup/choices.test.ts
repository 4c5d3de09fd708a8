import { describe, expect, it } from 'vitest'
import type { CountryData } from '#contracts/signup.ts'
import { choiceValue, isOther, offeredChoices, otherText, resolvedName } from './choices'

const COUNTRY: CountryData = {
  id: 195,
  name: 'Saudi Arabia',
  isps: [
    {
      id: 7,
      name: 'stc',
      packages: [
        { id: 70, name: 'Fibre 500' },
        { id: 0, name: 'Other' },
        { id: -1, name: 'Unknown' },
      ],
    },
    {
      id: 0,
      name: 'Other',
      packages: [
        { id: 0, name: 'Other' },
        { id: -1, name: 'Unknown' },
      ],
    },
    { id: -1, name: 'Unknown', packages: [{ id: -1, name: 'Unknown' }] },
  ],
}

describe('provider and package answers (seeds 3, 9)', () => {
  it.each([
    { choice: '', expected: null },
    { choice: '-1', expected: null },
    { choice: 'x', expected: null },
    { choice: '0', expected: 0 },
    { choice: '7', expected: 7 },
  ])('choiceValue($choice) → $expected', ({ choice, expected }) => {
    expect(choiceValue(choice)).toBe(expected)
  })

  it.each([
    { choice: '0', text: ' Local co-op ', expected: 'Local co-op' },
    { choice: '0', text: '  ', expected: null },
    { choice: '7', text: 'left over from other', expected: null },
    { choice: '', text: 'x', expected: null },
  ])('otherText($choice, $text) → $expected', ({ choice, text, expected }) => {
    expect(otherText(choice, text)).toBe(expected)
  })

  it.each([
    { choice: '0', expected: true },
    { choice: '', expected: false },
    { choice: '-1', expected: false },
    { choice: '70', expected: false },
  ])('isOther($choice) → $expected', ({ choice, expected }) => {
    expect(isOther(choice)).toBe(expected)
  })

  it.each([
    { choice: '7', text: '', expected: 'stc' },
    { choice: '0', text: 'Salam', expected: 'Salam' },
    { choice: '-1', text: 'ignored', expected: null },
    { choice: '', text: '', expected: null },
    { choice: '99', text: '', expected: null },
  ])('resolvedName($choice, $text) → $expected', ({ choice, text, expected }) => {
    expect(resolvedName(COUNTRY.isps, choice, text)).toBe(expected)
  })

  it.each([
    { country: undefined, isp: '42', pkg: '9', expected: { isp: '42', package: '9' } },
    { country: COUNTRY, isp: '42', pkg: '9', expected: { isp: '', package: '' } },
    { country: COUNTRY, isp: '7', pkg: '9', expected: { isp: '7', package: '' } },
    { country: COUNTRY, isp: '7', pkg: '70', expected: { isp: '7', package: '70' } },
    { country: COUNTRY, isp: '0', pkg: '-1', expected: { isp: '0', package: '-1' } },
  ])('offeredChoices($isp, $pkg) → $expected', ({ country, isp, pkg, expected }) => {
    expect(offeredChoices(country, isp, pkg)).toEqual(expected)
  })
})
