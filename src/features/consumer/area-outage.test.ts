import { describe, expect, it } from 'vitest'
import type { Grants } from '#contracts/auth.ts'
import { canSeeAreaOutages, isConsumerOnly } from './area-outage'

const consumer: Grants = { Agent: { trigger_testing: [{ unit: 1 }] } }
const engineer: Grants = {
  Unit: { search: [{ panel: 3 }], test_view: [{ panel: 3 }], outages_view: [{ panel: 3 }] },
  Agent: { trigger_testing: [{ panel: 3 }] },
}
const otherPanel: Grants = { Unit: { outages_view: [{ panel: 4 }] } }
const developer: Grants = { Global: { developer: true } }

describe('isConsumerOnly (seeds 6: only an Agent grant)', () => {
  it.each([
    { name: 'consumer', grants: consumer, expected: true },
    { name: 'no grants at all', grants: {}, expected: true },
    {
      name: 'an empty Unit grant does not count',
      grants: { ...consumer, Unit: {} },
      expected: true,
    },
    { name: 'engineer', grants: engineer, expected: false },
  ])('$name → $expected', ({ grants, expected }) => {
    expect(isConsumerOnly(grants)).toBe(expected)
  })
})

describe('canSeeAreaOutages (seeds 6)', () => {
  it.each([
    { name: 'consumer never', grants: consumer, panel: 3, flag: true, expected: false },
    {
      name: 'engineer on panel 3 with the flag',
      grants: engineer,
      panel: 3,
      flag: true,
      expected: true,
    },
    { name: 'flag off', grants: engineer, panel: 3, flag: false, expected: false },
    { name: 'unit on another panel', grants: engineer, panel: 4, flag: true, expected: false },
    { name: 'unit without a panel', grants: engineer, panel: null, flag: true, expected: false },
    {
      name: 'outages_view on another panel only',
      grants: otherPanel,
      panel: 3,
      flag: true,
      expected: false,
    },
    { name: 'global developer passes', grants: developer, panel: 3, flag: true, expected: true },
  ])('$name → $expected', ({ grants, panel, flag, expected }) => {
    expect(canSeeAreaOutages({ grants, unitPanelId: panel, flagOn: flag })).toBe(expected)
  })
})
