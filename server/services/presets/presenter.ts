import { mayUsePresetData, mayEditPreset, loadedChartType } from '../../../contracts/presets.ts'
import type { Preset, PresetCaller } from '../../../contracts/presets.ts'
import type { Grants } from '../../../contracts/auth.ts'
import type { PresetRow } from './repository.ts'

/** Whether the caller may open the preset (seeds 001 §5: panels, advanced_analytics). */
export function accessibleTo(grants: Grants, row: PresetRow): boolean {
  return mayUsePresetData(grants, row.data)
}

/**
 * One preset as the caller sees it. A preset they cannot open is listed without its data (its
 * filters may name another panel's values); a time_series item loads as aggregate (§3.1).
 */
export function presentPreset(row: PresetRow, caller: PresetCaller, grants: Grants): Preset {
  const accessible = accessibleTo(grants, row)
  return {
    id: row.id,
    name: row.name,
    owner: row.ownerId,
    owner_kind: row.organisationOwned ? 'organisation' : 'user',
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    tags: row.tags,
    data: accessible
      ? row.data.map((item) => ({ ...item, chartType: loadedChartType(item.chartType) }))
      : [],
    visibility: row.visibility,
    starred: row.starred,
    archived: row.archivedAt !== null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    view_count: row.viewCount,
    my_view_count: row.myViewCount,
    last_viewed_at: row.lastViewedAt?.toISOString() ?? null,
    in_use: row.inUse,
    editable: mayEditPreset(caller, row),
    accessible,
  }
}
