import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import type { Preset, PresetList } from '#contracts/presets.ts'
import {
  applyPresetChange,
  applyPresetChanges,
  belongsToTab,
  isMapPreset,
  listParamsOf,
  PRESET_SEARCH_DEFAULTS,
  PresetSearchSchema,
  readPresetLayout,
  searchOf,
  withFirstPage,
  type PresetChange,
} from './preset-list'
import { PresetRouteSearchSchema } from './preset-route-search'
import { preset } from './testing/fixtures'

const page = (data: Preset[]): PresetList => ({
  data,
  meta: {
    pagination: { total: 30, count: data.length, per_page: 20, current_page: 1, total_pages: 2 },
  },
})

describe('the address of the presets list', () => {
  it.each([
    [{}, PRESET_SEARCH_DEFAULTS],
    [
      { tab: 'starred', q: 'isp', sort: 'name', page: 3, size: 50 },
      { tab: 'starred', q: 'isp', sort: 'name', page: 3, size: 50 },
    ],
    [{ tab: 'nope' }, PRESET_SEARCH_DEFAULTS],
    [{ sort: '-bogus' }, PRESET_SEARCH_DEFAULTS],
    [{ size: 30 }, PRESET_SEARCH_DEFAULTS],
    [{ page: 0 }, PRESET_SEARCH_DEFAULTS],
    [{ page: 2.5 }, PRESET_SEARCH_DEFAULTS],
    [{ sort: '-most_viewed' }, { ...PRESET_SEARCH_DEFAULTS, sort: '-most_viewed' }],
  ])('%j reads as %j', (input, expected) => {
    expect(v.parse(PresetSearchSchema, input)).toEqual(expected)
  })

  it('becomes the list params (search trimmed) and back', () => {
    const search = { tab: 'archived', q: ' loss ', sort: '-updated', page: 2, size: 25 } as const
    const params = listParamsOf(search)
    expect(params).toEqual({
      tab: 'archived',
      search: 'loss',
      sort: '-updated',
      page: 2,
      perPage: 25,
    })
    expect(searchOf(params)).toEqual({ ...search, q: 'loss' })
  })

  it('starts again from page 1 when anything but the page changes', () => {
    const search = { ...PRESET_SEARCH_DEFAULTS, page: 4 }
    expect(withFirstPage(search, { tab: 'yours' }).page).toBe(1)
    expect(withFirstPage(search, { page: 5 }).page).toBe(5)
  })

  it.each([
    [
      { rename: '7', name: 'Mine' },
      { rename: 7, name: 'Mine' },
    ],
    [
      { rename: 7, name: 123 },
      { rename: 7, name: '123' },
    ],
    [{ rename: 'x' }, { rename: undefined, name: undefined }],
  ])('reads a refused rename %j', (input, expected) => {
    const parsed = v.parse(PresetRouteSearchSchema, input)
    expect({ rename: parsed.rename, name: parsed.name }).toEqual(expected)
  })
})

describe('optimistic state', () => {
  it.each<[PresetChange, Partial<Preset>]>([
    [{ kind: 'star', starred: true }, { starred: true }],
    [{ kind: 'archive', archived: true }, { archived: true }],
    [{ kind: 'rename', name: 'New' }, { name: 'New' }],
    [{ kind: 'delete', deleted: true }, { deleted_at: 'pending' }],
  ])('%j changes the preset', (change, expected) => {
    expect(applyPresetChange(preset(), change)).toEqual({ ...preset(), ...expected })
  })

  it.each([
    ['all', {}, true],
    ['all', { archived: true }, false],
    ['yours', { archived: true }, false],
    ['starred', { starred: true }, true],
    ['starred', { starred: false }, false],
    ['starred', { starred: true, archived: true }, false],
    ['archived', { archived: true }, true],
    ['archived', { archived: false }, false],
    ['all', { deleted_at: 'x' }, false],
  ] as const)('on tab %s, %j belongs: %s', (tab, overrides, expected) => {
    expect(belongsToTab(preset(overrides), tab)).toBe(expected)
  })

  it('removes what leaves the tab and keeps the count right', () => {
    const list = page([preset({ id: 1 }), preset({ id: 2 }), preset({ id: 3 })])
    const next = applyPresetChanges(list, 'all', [
      { id: 2, change: { kind: 'archive', archived: true } },
      { id: 3, change: { kind: 'star', starred: true } },
    ])
    expect(next.data.map((p) => [p.id, p.starred])).toEqual([
      [1, false],
      [3, true],
    ])
    expect(next.data[0]).toBe(list.data[0])
    expect(next.meta.pagination).toMatchObject({ total: 29, count: 2 })
  })

  it('unstarring on the Starred tab removes it; undoing (two changes) keeps it', () => {
    const list = page([preset({ id: 1, starred: true })])
    expect(
      applyPresetChanges(list, 'starred', [{ id: 1, change: { kind: 'star', starred: false } }])
        .data,
    ).toEqual([])
    const both = applyPresetChanges(list, 'starred', [
      { id: 1, change: { kind: 'star', starred: false } },
      { id: 1, change: { kind: 'star', starred: true } },
    ])
    expect(both.data.map((p) => p.id)).toEqual([1])
  })

  it('returns the same list when nothing changes', () => {
    const list = page([preset()])
    expect(applyPresetChanges(list, 'all', [])).toBe(list)
    expect(
      applyPresetChanges(list, 'all', [{ id: 99, change: { kind: 'star', starred: true } }]),
    ).toBe(list)
  })
})

describe('mapping presets and layout', () => {
  it.each([
    [['aggregate'], false],
    [['aggregate', 'map'], true],
    [['geo_heatmap'], true],
    [['raw_mobile'], true],
    [['cdf'], false],
  ] as const)('%j is a map preset: %s', (types, expected) => {
    expect(isMapPreset({ data: types.map((chartType) => ({ panel: 1, chartType })) })).toBe(
      expected,
    )
  })

  it.each([
    ['list', 'list'],
    ['grid', 'grid'],
    [null, 'grid'],
    ['tiles', 'grid'],
  ] as const)('a stored layout %s reads as %s', (stored, expected) => {
    expect(readPresetLayout({ getItem: () => stored })).toBe(expected)
  })
})
