import { describe, expect, it } from 'vitest'
import {
  INSTANT_TESTABLE_KEY,
  isInstantTestable,
  writeInstantTestable,
} from './instant-testable-flag'

describe('instant-testable flag', () => {
  it.each([
    { name: 'nothing stored', stored: null, unit: 1, expected: false },
    { name: 'flagged', stored: '[1,4]', unit: 4, expected: true },
    { name: 'another unit flagged', stored: '[1]', unit: 2, expected: false },
    { name: 'garbage', stored: '{"1":true}', unit: 1, expected: false },
    { name: 'not JSON', stored: 'yes', unit: 1, expected: false },
  ])('$name → $expected', ({ stored, unit, expected }) => {
    if (stored !== null) localStorage.setItem(INSTANT_TESTABLE_KEY, stored)
    expect(isInstantTestable(unit)).toBe(expected)
  })

  it('is set and cleared as the unit loads', () => {
    writeInstantTestable(3, true)
    writeInstantTestable(5, true)
    expect(isInstantTestable(3)).toBe(true)
    writeInstantTestable(3, false)
    expect(isInstantTestable(3)).toBe(false)
    expect(isInstantTestable(5)).toBe(true)
  })
})
