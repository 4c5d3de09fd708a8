import { describe, expect, it } from 'vitest'
import {
  choiceValue,
  isOther,
  offeredChoices,
  otherText,
  resolvedName,
  withProviderAnswer,
} from './choices'
import { SAUDI_ARABIA } from './testing/fixtures'

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
    expect(resolvedName(SAUDI_ARABIA.isps, choice, text)).toBe(expected)
  })

  it.each([
    { country: undefined, isp: '42', pkg: '9', expected: { isp: '42', package: '9' } },
    { country: SAUDI_ARABIA, isp: '42', pkg: '9', expected: { isp: '', package: '' } },
    { country: SAUDI_ARABIA, isp: '7', pkg: '9', expected: { isp: '7', package: '' } },
    { country: SAUDI_ARABIA, isp: '7', pkg: '71', expected: { isp: '7', package: '71' } },
    { country: SAUDI_ARABIA, isp: '0', pkg: '-1', expected: { isp: '0', package: '-1' } },
  ])('offeredChoices($isp, $pkg) → $expected', ({ country, isp, pkg, expected }) => {
    expect(offeredChoices(country, isp, pkg)).toEqual(expected)
  })
})

describe('withProviderAnswer (seeds 2.5)', () => {
  const NAMES = {
    isp: 'ispId',
    ispOther: 'ispOther',
    package: 'productId',
    packageOther: 'productOther',
  } as const
  const FILLED = { ispId: '7', ispOther: '', productId: '0', productOther: 'Home 1G', tos: 'yes' }

  it.each([
    {
      part: 'isp' as const,
      value: '8',
      expected: { ispId: '8', ispOther: '', productId: '', productOther: '' },
    },
    {
      part: 'ispOther' as const,
      value: 'Salam',
      expected: { ispId: '7', ispOther: 'Salam', productId: '0', productOther: 'Home 1G' },
    },
    {
      part: 'package' as const,
      value: '71',
      expected: { ispId: '7', ispOther: '', productId: '71', productOther: 'Home 1G' },
    },
    {
      part: 'packageOther' as const,
      value: 'Home 2G',
      expected: { ispId: '7', ispOther: '', productId: '0', productOther: 'Home 2G' },
    },
  ])('$part = $value', ({ part, value, expected }) => {
    expect(withProviderAnswer(FILLED, NAMES, part, value)).toEqual({ ...expected, tos: 'yes' })
  })
})
