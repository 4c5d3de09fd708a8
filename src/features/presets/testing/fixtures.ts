import type { Preset } from '#contracts/presets.ts'

/** A preset as the server lists it (contracts/presets.ts PresetSchema). */
export function preset(overrides: Partial<Preset> = {}): Preset {
  return {
    id: 1,
    name: 'Download speed by ISP',
    owner: 10,
    owner_kind: 'user',
    created_by: 5,
    created_by_name: 'Analyst',
    tags: ['download'],
    data: [{ panel: 6, chartType: 'aggregate' }],
    visibility: 'private',
    starred: false,
    archived: false,
    archived_at: null,
    deleted_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    version: 1,
    view_count: 3,
    my_view_count: 1,
    last_viewed_at: null,
    in_use: false,
    editable: true,
    accessible: true,
    ...overrides,
  }
}
