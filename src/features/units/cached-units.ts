import { useCallback, useEffect, useState } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { UnitDetail } from '#contracts/unit-search.ts'
import { constantCareKeys, type PanelScope } from '../../api/units.api'
import type { MatchableUnit } from '../../lib/unit-match'

/** A unit opened on this device, as its persisted detail query holds it. */
export type CachedUnit = MatchableUnit & {
  panelId: number | null
  lastSeen: string | null
  /** When its details were last fetched: about when it was last opened online. */
  savedAt: number
  detail: UnitDetail
}

/** Seeds 001 §2.4 offline field mode: the search page lists the last ten units opened. */
export const RECENT_UNITS = 10

/**
 * The units of `panelId` (every panel: 'all') whose details are in the query cache (restored from IndexedDB after a
 * reload), most recently fetched first. The cache is the store: it is kept per user for 30 days
 * (persist 'unit') and wiped at logout, so the offline search and the recent list need no store
 * of their own that could outlive the session.
 */
export function readCachedUnits(client: QueryClient, panelId: PanelScope): CachedUnit[] {
  const units: CachedUnit[] = []
  for (const query of client.getQueryCache().findAll({ queryKey: constantCareKeys.details() })) {
    const detail = query.state.data as UnitDetail | undefined
    if (!detail || (panelId !== 'all' && detail.panel_id !== panelId)) continue
    units.push({
      id: detail.id,
      serial: detail.serial_number,
      mac: detail.mac,
      email: detail.user?.email ?? null,
      panelId: detail.panel_id,
      lastSeen: detail.last_seen,
      savedAt: query.state.dataUpdatedAt,
      detail,
    })
  }
  return units.sort((a, b) => b.savedAt - a.savedAt || a.id - b.id)
}

function isDetailKey(key: readonly unknown[]): boolean {
  const prefix = constantCareKeys.details()
  return prefix.every((part, index) => key[index] === part)
}

/** readCachedUnits kept up to date as unit details are fetched, restored or removed. */
export function useCachedUnits(panelId: PanelScope | null): CachedUnit[] {
  const client = useQueryClient()
  const read = useCallback(
    () => ({ panelId, units: panelId === null ? [] : readCachedUnits(client, panelId) }),
    [client, panelId],
  )
  const [state, setState] = useState(read)
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        const changed =
          event.type === 'added' ||
          event.type === 'removed' ||
          (event.type === 'updated' && event.action.type === 'success')
        if (changed && isDetailKey(event.query.queryKey as readonly unknown[])) setState(read())
      }),
    [client, read],
  )
  // Another panel (a panel switch): read at once rather than show the previous panel's units.
  return state.panelId === panelId ? state.units : read().units
}
