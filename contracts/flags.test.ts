import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  FEATURE_FLAGS,
  MyFlagsQuerySchema,
  resolveFlags,
  type FlagContext,
  type FlagSettingInput,
} from './flags.ts'

const FLAG = 'cc-area-outage-alert'
const global = (enabled: boolean): FlagSettingInput => ({
  flag: FLAG,
  enabled,
  organisation_id: null,
  panel_id: null,
})
const org = (id: number, enabled: boolean): FlagSettingInput => ({
  flag: FLAG,
  enabled,
  organisation_id: id,
  panel_id: null,
})
const panel = (id: number, enabled: boolean): FlagSettingInput => ({
  flag: FLAG,
  enabled,
  organisation_id: null,
  panel_id: id,
})

const ORG2_PANEL3: FlagContext = { organisationId: 2, panelId: 3 }

describe('resolveFlags', () => {
  it('has the twelve flags of seeds 001 §3.4, all off when nothing is set', () => {
    const values = resolveFlags([], ORG2_PANEL3)
    expect(Object.keys(values)).toHaveLength(12)
    expect(Object.keys(values).sort()).toEqual([...FEATURE_FLAGS].sort())
    expect(Object.values(values).every((value) => !value)).toBe(true)
  })

  it.each([
    { name: 'global on', settings: [global(true)], context: ORG2_PANEL3, expected: true },
    { name: 'global off', settings: [global(false)], context: ORG2_PANEL3, expected: false },
    {
      name: 'organisation beats global',
      settings: [global(true), org(2, false)],
      context: ORG2_PANEL3,
      expected: false,
    },
    {
      name: 'panel beats organisation',
      settings: [panel(3, true), org(2, false), global(false)],
      context: ORG2_PANEL3,
      expected: true,
    },
    {
      name: 'panel beats global whatever the order',
      settings: [panel(3, false), global(true)],
      context: ORG2_PANEL3,
      expected: false,
    },
    {
      name: 'another organisation is ignored',
      settings: [global(false), org(9, true)],
      context: ORG2_PANEL3,
      expected: false,
    },
    {
      name: 'another panel is ignored',
      settings: [global(true), panel(4, false)],
      context: ORG2_PANEL3,
      expected: true,
    },
    {
      name: 'no panel: panel settings are ignored',
      settings: [panel(3, true)],
      context: { organisationId: 2, panelId: null },
      expected: false,
    },
    {
      name: 'no organisation: organisation settings are ignored',
      settings: [org(2, true)],
      context: { organisationId: null, panelId: 3 },
      expected: false,
    },
  ])('$name', ({ settings, context, expected }) => {
    expect(resolveFlags(settings, context)[FLAG]).toBe(expected)
  })

  it('resolves each flag on its own', () => {
    const values = resolveFlags(
      [
        { flag: 'sidebar-improvements', enabled: true, organisation_id: null, panel_id: null },
        panel(3, true),
      ],
      ORG2_PANEL3,
    )
    expect(values['sidebar-improvements']).toBe(true)
    expect(values[FLAG]).toBe(true)
    expect(values['neutral-ui-improvements-v1']).toBe(false)
  })
})

describe('MyFlagsQuerySchema', () => {
  it.each([
    { query: {}, ok: true },
    { query: { panel: '3' }, ok: true },
    { query: { panel: 'x' }, ok: false },
    { query: { panel: '-1' }, ok: false },
    { query: { panel: '99999999999' }, ok: false },
  ])('$query → $ok', ({ query, ok }) => {
    expect(v.safeParse(MyFlagsQuerySchema, query).success).toBe(ok)
  })
})
