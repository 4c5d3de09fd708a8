import { describe, expect, it } from 'vitest'
import { panelToResetTo } from './panel-choice'
import { defaultPanelId } from './view-choice'

const PANELS = [
  { pid: 3, front_name: 'Southern Cross Constant Care' },
  { pid: 2, front_name: 'Southern Cross Multiview' },
  { pid: 1, front_name: 'aotearoa study' },
]

describe('panelToResetTo (seeds 001 §2.4)', () => {
  it.each([
    {
      name: 'selected panel allows it: stay',
      selected: 2,
      allowed: [2, 3],
      global: false,
      expected: null,
    },
    {
      name: 'reset to the first allowing panel by front name',
      selected: 1,
      allowed: [2, 3],
      global: false,
      expected: 3,
    },
    { name: 'only one allowing panel', selected: 3, allowed: [2], global: false, expected: 2 },
    {
      name: 'no allowing panel: stay (the guard refuses)',
      selected: 1,
      allowed: [],
      global: false,
      expected: null,
    },
    {
      name: 'global access skips the reset',
      selected: 1,
      allowed: [2],
      global: true,
      expected: null,
    },
    {
      name: 'no selected panel (not enterprise): nothing to reset',
      selected: null,
      allowed: [2],
      global: false,
      expected: null,
    },
  ])('$name', ({ selected, allowed, global, expected }) => {
    expect(
      panelToResetTo({
        panels: PANELS,
        selected,
        globalAccess: global,
        allows: (pid) => allowed.includes(pid),
      }),
    ).toBe(expected)
  })
})

describe('defaultPanelId (seeds 001 §1: first alphabetically by front name)', () => {
  it.each([
    { name: 'case-insensitive order', remembered: null, expected: 1 },
    { name: 'a remembered panel still accessible', remembered: 2, expected: 2 },
    { name: 'a remembered panel no longer accessible', remembered: 9, expected: 1 },
  ])('$name', ({ remembered, expected }) => {
    expect(defaultPanelId(PANELS, remembered)).toBe(expected)
  })
})
