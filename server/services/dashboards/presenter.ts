import type { Grants } from '../../../contracts/auth.ts'
import {
  graphsOf,
  mayEditDashboard,
  type Dashboard,
  type DashboardCaller,
  type DashboardSummary,
  type GraphMeta,
} from '../../../contracts/dashboards.ts'
import { mayChartPanel, mayUsePresetData } from '../../../contracts/presets.ts'
import { presentPreset } from '../presets/presenter.ts'
import type { PresetRow } from '../presets/visible-presets.ts'
import type { DashboardRow } from './repository.ts'

/** A dashboard in a list: no contents, its graph count. */
export function presentDashboardSummary(
  row: DashboardRow,
  caller: DashboardCaller,
): DashboardSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    owner: row.ownerId,
    owner_kind: row.organisationOwned ? 'organisation' : 'user',
    public: row.public,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    editable: mayEditDashboard(caller, row),
    graph_count: graphsOf(row.contents).length,
  }
}

/**
 * Each graph's meta, once per preset in the contents' order (001 §4): the preset as the presets
 * service shows it to the caller; NOT_FOUND when it is missing, deleted or not theirs to see
 * (`found` holds only those they see); FORBIDDEN when they may not open its data or chart one of
 * the panels it is shown on.
 */
export function presentMetas(
  row: Pick<DashboardRow, 'contents'>,
  found: ReadonlyMap<number, PresetRow>,
  caller: DashboardCaller,
  grants: Grants,
): GraphMeta[] {
  const graphs = graphsOf(row.contents)
  const metaIds = [...new Set(graphs.map((graph) => graph.metaId))]
  return metaIds.map((metaId): GraphMeta => {
    const preset = found.get(metaId)
    if (!preset) return { metaId, preset: null, error: 'NOT_FOUND' }
    const panels = graphs.filter((graph) => graph.metaId === metaId).map((graph) => graph.panel)
    const open =
      mayUsePresetData(grants, preset.data) && panels.every((panel) => mayChartPanel(grants, panel))
    if (!open) return { metaId, preset: null, error: 'FORBIDDEN' }
    return { metaId, preset: presentPreset(preset, caller, grants), error: null }
  })
}

/** One dashboard as the caller sees it, with its contents and its graphs' metas. */
export function presentDashboard(
  row: DashboardRow,
  caller: DashboardCaller,
  metas: GraphMeta[],
): Dashboard {
  return { ...presentDashboardSummary(row, caller), contents: row.contents, metas }
}
