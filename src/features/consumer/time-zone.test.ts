import { describe, expect, it } from 'vitest'
import { isValidTimeZone } from './time-zone'

describe('isValidTimeZone', () => {
  it.each([
    ['Europe/London', true],
    ['Asia/Riyadh', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
    [undefined, false],
  ])('%s → %s (and the same when asked again)', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected)
    expect(isValidTimeZone(zone)).toBe(expected)
  })
})
