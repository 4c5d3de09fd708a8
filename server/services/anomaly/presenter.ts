/** The anomaly service's answers (contracts/anomalies.ts). */
import * as v from 'valibot'
import {
  ANOMALY_METRICS,
  ANOMALY_TYPES,
  unitOf,
  type Anomaly,
  type AnomalyCollection,
} from '../../../contracts/anomalies.ts'
import type { AnomalyRow, CollectionRow } from './repository.ts'

const iso = (date: Date) => date.toISOString()
const text = (value: string | null | undefined) => (value === undefined ? null : value)

export function presentAnomaly(row: AnomalyRow): Anomaly {
  // Stored rows hold the contract's names; an unknown one is a bug, not something to show.
  const type = v.parse(v.picklist(ANOMALY_TYPES), row.type)
  const metric = v.parse(v.picklist(ANOMALY_METRICS), row.metric)
  return {
    id: row.id,
    type,
    metric,
    state: row.state,
    first_seen: iso(row.firstSeen),
    last_seen: iso(row.lastSeen ?? row.firstSeen),
    closed_at: row.closedAt === null ? null : iso(row.closedAt),
    value: row.value,
    baseline: row.baseline,
    unit: unitOf(type, metric),
    ...(row.trend === undefined ? {} : { trend: row.trend }),
  }
}

export function presentCollection(row: CollectionRow, anomalies: AnomalyRow[]): AnomalyCollection {
  return {
    id: row.id,
    panel_id: row.panelId,
    state: row.state,
    first_seen: iso(row.firstSeen),
    last_seen: iso(row.lastSeen),
    closed_at: row.closedAt === null ? null : iso(row.closedAt),
    metadata: {
      hub_site: text(row.metadata.hub_site),
      cmts_name: text(row.metadata.cmts_name),
      mac_domain: text(row.metadata.mac_domain),
    },
    units: row.units,
    anomalies: anomalies.map(presentAnomaly),
  }
}
