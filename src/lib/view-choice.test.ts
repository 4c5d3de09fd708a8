import { describe, expect, it } from 'vitest'
import type { Accessibles } from '#contracts/auth.ts'
import { chooseView, defaultPanelId, type ViewChoice } from './view-choice'

const none: Accessibles = { apollo: [], units: [], volunteer: null, administration: null }
const panels = [
  { pid: 7, front_name: 'Zeta Broadband' },
  { pid: 3, front_name: 'alpha fibre' },
  { pid: 5, front_name: 'Mobile study' },
]
const units = [{ unitId: 42 }, { unitId: 17 }]

describe('chooseView (seeds 4.1)', () => {
  it.each<{
    name: string
    acc: Accessibles
    remembered: ViewChoice | null
    panel: number | null
    expected: ViewChoice
  }>([
    {
      name: 'nothing → signup',
      acc: none,
      remembered: null,
      panel: null,
      expected: { type: 'signup' },
    },
    {
      name: 'volunteer only → signup',
      acc: { ...none, volunteer: { signupId: 1, owner: 'nz' } },
      remembered: null,
      panel: null,
      expected: { type: 'signup' },
    },
    {
      name: 'panels → enterprise, first by front_name',
      acc: { ...none, apollo: panels },
      remembered: null,
      panel: null,
      expected: { type: 'enterprise', panelId: 3 },
    },
    {
      name: 'panels → remembered panel when accessible',
      acc: { ...none, apollo: panels },
      remembered: null,
      panel: 5,
      expected: { type: 'enterprise', panelId: 5 },
    },
    {
      name: 'panels → stale remembered panel ignored',
      acc: { ...none, apollo: panels },
      remembered: null,
      panel: 99,
      expected: { type: 'enterprise', panelId: 3 },
    },
    {
      name: 'units → consumer on the first unit',
      acc: { ...none, units },
      remembered: null,
      panel: null,
      expected: { type: 'consumer', unitId: 42 },
    },
    {
      name: 'administration → admin',
      acc: { ...none, administration: { organisations: [1] } },
      remembered: null,
      panel: null,
      expected: { type: 'admin' },
    },
    {
      name: 'units beat administration',
      acc: { ...none, units, administration: { organisations: [1] } },
      remembered: null,
      panel: null,
      expected: { type: 'consumer', unitId: 42 },
    },
    {
      name: 'panels and units, nothing remembered → redirect',
      acc: { ...none, apollo: panels, units },
      remembered: null,
      panel: null,
      expected: { type: 'redirect' },
    },
    {
      name: 'panels and units, remembered unit → consumer',
      acc: { ...none, apollo: panels, units },
      remembered: { type: 'consumer', unitId: 17 },
      panel: null,
      expected: { type: 'consumer', unitId: 17 },
    },
    {
      name: 'panels and units, remembered panel → enterprise',
      acc: { ...none, apollo: panels, units },
      remembered: { type: 'enterprise', panelId: 7 },
      panel: null,
      expected: { type: 'enterprise', panelId: 7 },
    },
    {
      name: 'panels and units, remembered unit no longer accessible → redirect',
      acc: { ...none, apollo: panels, units },
      remembered: { type: 'consumer', unitId: 1 },
      panel: null,
      expected: { type: 'redirect' },
    },
  ])('$name', ({ acc, remembered, panel, expected }) => {
    expect(chooseView(acc, remembered, panel)).toEqual(expected)
  })
})

describe('defaultPanelId', () => {
  it.each([
    { remembered: null, expected: 3 },
    { remembered: 7, expected: 7 },
    { remembered: 1, expected: 3 },
  ])('remembered $remembered → $expected', ({ remembered, expected }) => {
    expect(defaultPanelId(panels, remembered)).toBe(expected)
  })

  it('is null without panels', () => {
    expect(defaultPanelId([], 3)).toBeNull()
  })
})
