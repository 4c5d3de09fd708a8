import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { Grants } from './auth.ts'
import {
  callerOwners,
  ifMatchVersion,
  loadedChartType,
  mayEditPreset,
  mayUsePresetData,
  mayUsePresets,
  PRESET_ITEM_DEFAULTS,
  PresetCreateSchema,
  presetETag,
  presetPanels,
  repeatedTag,
  staysVisible,
  type PresetCaller,
} from './presets.ts'

const on = (...panels: number[]) => panels.map((panel) => ({ panel }))

const ANALYST: Grants = {
  Apollo: { analytics_ui: on(2, 3) },
  'test-measurements': { advanced_analytics: on(2, 3) },
}
const MULTI: Grants = { Apollo: { analytics_ui: on(1) } }
const UNDER_TEST_MEASUREMENTS: Grants = { 'test-measurements': { analytics_ui: on(7) } }
const ENGINEER: Grants = { Unit: { search: on(3), test_view: on(3) } }
const ADMINISTRATION: Grants = { Administration: { units: true } }
const DEVELOPER: Grants = { Global: { senior_developer: true } }

describe('mayUsePresets (analytics access)', () => {
  it.each([
    ['analytics_ui under Apollo', ANALYST, true],
    ['analytics_ui under test-measurements', UNDER_TEST_MEASUREMENTS, true],
    ['global access', ADMINISTRATION, true],
    ['a developer', DEVELOPER, true],
    ['constant care only', ENGINEER, false],
    ['no grants', {}, false],
  ] as const)('%s: %s', (_, grants, expected) => {
    expect(mayUsePresets(grants)).toBe(expected)
  })
})

describe('mayUsePresetData (seeds 001 §5)', () => {
  it.each([
    ['one item on a panel with analytics_ui', ANALYST, [2], true],
    ['one item on a panel without it', ANALYST, [6], false],
    ['two items, advanced_analytics on both panels', ANALYST, [2, 3], true],
    ['two items on one panel with advanced_analytics', ANALYST, [3, 3], true],
    ['two items, one panel not accessible', ANALYST, [2, 6], false],
    ['one item without advanced_analytics', MULTI, [1], true],
    ['two items without advanced_analytics', MULTI, [1, 1], false],
    ['global access: any panel, one item', ADMINISTRATION, [9], true],
    ['global access without advanced_analytics: two items', ADMINISTRATION, [9, 9], false],
    ['a developer: anything', DEVELOPER, [1, 2, 9], true],
  ] as const)('%s', (_, grants, panels, expected) => {
    expect(mayUsePresetData(grants, on(...panels))).toBe(expected)
  })
})

describe('mayEditPreset (001 §6: home users edit only their own)', () => {
  const home: PresetCaller = { userId: 7, ownerId: 17, organisationOwnerId: 2, homeUser: true }
  const power: PresetCaller = { ...home, homeUser: false }
  it.each([
    ['home user, created by them', home, { ownerId: 2, createdBy: 7 }, true],
    ['home user, of their own owner', home, { ownerId: 17, createdBy: 9 }, true],
    ['home user, a colleague’s', home, { ownerId: 2, createdBy: 9 }, false],
    ['power user, a colleague’s', power, { ownerId: 2, createdBy: 9 }, true],
  ] as const)('%s', (_, caller, preset, expected) => {
    expect(mayEditPreset(caller, preset)).toBe(expected)
  })

  it.each([
    ['own owner, private', { ownerId: 17, visibility: 'private' }, 9, true],
    ['organisation owner, shared', { ownerId: 2, visibility: 'organisation' }, 9, true],
    [
      'organisation owner, private, created by them',
      { ownerId: 2, visibility: 'private' },
      7,
      true,
    ],
    ['organisation owner, private, a colleague’s', { ownerId: 2, visibility: 'private' }, 9, false],
    ['a colleague’s owner, shared', { ownerId: 30, visibility: 'organisation' }, 9, true],
    ['a colleague’s owner, private', { ownerId: 30, visibility: 'private' }, 9, false],
  ] as const)('stays visible after an update: %s', (_, next, createdBy, expected) => {
    expect(staysVisible(power, { createdBy }, next)).toBe(expected)
  })

  it('a caller’s owners are their own and their organisation’s', () => {
    expect(callerOwners(home)).toEqual([17, 2])
    expect(callerOwners({ ...home, organisationOwnerId: null })).toEqual([17])
  })
})

describe('ifMatchVersion', () => {
  it.each([
    [undefined, null],
    ['"3"', 3],
    ['W/"12"', 12],
    ['4', 4],
    [' "5" ', 5],
    ['"0"', Number.NaN],
    ['"x"', Number.NaN],
    ['*', Number.NaN],
    ['"99999999999"', Number.NaN],
  ] as const)('%s → %s', (header, expected) => {
    expect(ifMatchVersion(header)).toBe(expected)
  })

  it('round-trips an ETag', () => {
    expect(ifMatchVersion(presetETag(42))).toBe(42)
  })
})

describe('repeatedTag (tags cannot be added twice)', () => {
  it.each([
    [[], null],
    [['speed', 'isp'], null],
    [['speed', 'isp', 'speed'], 'speed'],
    [['Speed', 'speed'], 'speed'],
  ] as const)('%j → %s', (tags, expected) => {
    expect(repeatedTag(tags)).toBe(expected)
  })
})

describe('data items', () => {
  const item = {
    panel: 3,
    chartType: 'aggregate',
    metrics: [{ key: 'httpgetmt' }],
    timeAggregation: 'daily',
    date: { from: '2026-10-01', to: '2026-10-31' },
  }

  it('fills the chart defaults of §9 and drops unknown keys', () => {
    const parsed = v.parse(PresetCreateSchema, {
      name: '  Download ',
      data: [{ ...item, extra: 'dropped' }],
    })
    expect(parsed.name).toBe('Download')
    expect(parsed.visibility).toBe('private')
    expect(parsed.tags).toEqual([])
    const [first] = parsed.data
    expect(first).toMatchObject({
      panel: 3,
      ci: PRESET_ITEM_DEFAULTS.ci,
      showRegression: PRESET_ITEM_DEFAULTS.showRegression,
      heatmapPointRadius: PRESET_ITEM_DEFAULTS.heatmapPointRadius,
      plotValue: 'median',
    })
    expect(first).not.toHaveProperty('extra')
  })

  it.each([
    ['no data item', { name: 'x', data: [] }],
    ['an item without its panel', { name: 'x', data: [{ ...item, panel: undefined }] }],
    ['an unknown chart type', { name: 'x', data: [{ ...item, chartType: 'pie' }] }],
    ['a blank name', { name: '   ', data: [item] }],
    ['a name too long', { name: 'x'.repeat(101), data: [item] }],
    ['a blank tag', { name: 'x', data: [item], tags: [' '] }],
    ['a visibility not known', { name: 'x', data: [item], visibility: 'public' }],
  ])('refuses %s', (_, input) => {
    expect(v.safeParse(PresetCreateSchema, input).success).toBe(false)
  })

  it('maps time_series to aggregate when a preset loads (§3.1)', () => {
    expect(loadedChartType('time_series')).toBe('aggregate')
    expect(loadedChartType('cdf')).toBe('cdf')
  })

  it('lists each panel once', () => {
    expect(presetPanels(on(3, 2, 3))).toEqual([3, 2])
  })
})
