// What other services read of presets (the dashboards service: its graphs' metas), so that the
// visibility rule stays in this service's repository.
import type { Db } from '../../db/client.ts'
import { findPresets, viewerOf, type PresetRow, type Viewer } from './repository.ts'

export type { PresetRow, Viewer } from './repository.ts'

/** The caller as the presets' visibility rule reads them: their owner, organisation and its owner. */
export function presetViewerOf(db: Db, userId: number): Promise<Viewer> {
  return viewerOf(db, userId)
}

/** The presets of `ids` the viewer sees, not deleted, in one query, by id. */
export function presetsSeenBy(
  db: Db,
  viewer: Viewer,
  ids: readonly number[],
): Promise<Map<number, PresetRow>> {
  return findPresets(db, viewer, ids)
}
