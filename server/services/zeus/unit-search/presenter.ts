import type {
  AgentPage,
  AgentRow,
  LmapConfig,
  UNIT_DETAIL_INCLUDES,
  UnitDetail,
} from '../../../../contracts/unit-search.ts'
import { TEST_KINDS } from '../../../db/synthetic/consumer-history.ts'
import { presentPage, type PageRequest } from '../../../lib/list.ts'
import type { AgentRecord, UnitDetailRecord } from './repository.ts'
import { offlineStatusOf } from '../units/repository.ts'

export type UnitDetailInclude = (typeof UNIT_DETAIL_INCLUDES)[number]

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString())

type Cadence = 'personal' | 'fleet'

const SCHEDULE_NAMES: Record<Cadence, Record<'fibre' | 'mobile', string>> = {
  personal: { fibre: 'Home hourly', mobile: 'Home hourly, mobile' },
  fleet: { fibre: 'Fleet 3-hourly', mobile: 'Fleet 3-hourly, mobile' },
}

/** Scheduled test runs a day of each schedule: every kind the unit's connection runs, 24 h / interval. */
function runsPerDay(cadence: Cadence, connection: 'fibre' | 'mobile'): number {
  return TEST_KINDS.filter(
    (kind) => kind.connection === undefined || kind.connection === connection,
  )
    .map((kind) => 24 / kind.everyHours[cadence])
    .reduce((sum, runs) => sum + runs, 0)
}

const SCHEDULES = new Map(
  (['personal', 'fleet'] as const).flatMap((cadence) =>
    (['fibre', 'mobile'] as const).map((connection) => [
      `${cadence}/${connection}`,
      {
        schedule: SCHEDULE_NAMES[cadence][connection],
        tests_per_day: runsPerDay(cadence, connection),
      },
    ]),
  ),
)

/**
 * The unit's test schedule (seeds 001 §3 lmap_config). The schema has no schedule yet, so it is
 * derived, deterministically, from what decides the unit's test history: a unit with an owner runs
 * the home schedule (speed and latency hourly), a panel's fleet unit the 3-hourly one, and a mobile
 * connection adds the signal test (server/db/synthetic/consumer-history.ts TEST_KINDS, the same
 * table the demo history follows). When units get a schedule column this reads it instead.
 */
export function lmapConfigOf(unit: { owned: boolean; connection: string | null }): LmapConfig {
  const key = `${unit.owned ? 'personal' : 'fleet'}/${unit.connection === 'mobile' ? 'mobile' : 'fibre'}`
  const config = SCHEDULES.get(key)
  if (!config) throw new Error(`no schedule ${key}`)
  return { ...config }
}

/** A search result or agents-table row (seeds 001 §3 agent search row). */
export function presentAgentRow(record: AgentRecord, withLmapConfig: boolean): AgentRow {
  const row: AgentRow = {
    id: record.id,
    mac: record.mac,
    serial_number: record.serialNumber,
    email: record.email,
    first_name: record.firstName,
    last_name: record.lastName,
    last_seen: iso(record.lastSeen),
    isp: record.isp,
    package: record.package,
    panel_id: record.panelId,
  }
  if (withLmapConfig) row.lmap_config = lmapConfigOf(record)
  return row
}

/** GET panels/{panelId}/agents: one page with seeds 000 §3 pagination. */
export function presentAgentPage(
  records: readonly AgentRecord[],
  page: PageRequest & { total: number },
  withLmapConfig: boolean,
): AgentPage {
  return presentPage(records, page, (record) => presentAgentRow(record, withLmapConfig))
}

/** GET units/{id}: the unit, its offline status and the parts asked for. */
export function presentUnitDetail(
  record: UnitDetailRecord,
  include: ReadonlySet<UnitDetailInclude>,
  now: number,
): { data: UnitDetail } {
  const data: UnitDetail = {
    id: record.id,
    mac: record.mac,
    serial_number: record.serialNumber,
    label: record.label,
    panel_id: record.panelId,
    is_tt_compatible: record.isTtCompatible,
    last_seen: iso(record.lastSeen),
    offline_status: offlineStatusOf(record, now),
  }
  if (include.has('panel')) {
    data.panel =
      record.panelId === null || record.panelName === null
        ? null
        : { pid: record.panelId, front_name: record.panelName }
  }
  if (include.has('isp')) {
    data.isp =
      record.ispId === null || record.ispName === null
        ? null
        : { id: record.ispId, name: record.ispName }
  }
  if (include.has('package')) {
    data.package =
      record.packageId === null ||
      record.packageName === null ||
      record.downloadKbps === null ||
      record.uploadKbps === null
        ? null
        : {
            id: record.packageId,
            name: record.packageName,
            download_kbps: record.downloadKbps,
            upload_kbps: record.uploadKbps,
          }
  }
  if (include.has('user')) {
    data.user =
      record.ownerId === null || record.ownerEmail === null
        ? null
        : {
            id: record.ownerId,
            email: record.ownerEmail,
            first_name: record.ownerFirstName ?? '',
            last_name: record.ownerLastName ?? '',
          }
  }
  if (include.has('environment')) data.environment = record.environment ?? {}
  if (include.has('location.timezone')) data.location = { timezone: record.timezone }
  if (include.has('address')) data.address = record.address
  if (include.has('geo_data')) data.geo_data = record.geoData
  if (include.has('lmap_config')) {
    data.lmap_config = lmapConfigOf({
      owned: record.ownerId !== null,
      connection:
        typeof record.environment?.connection === 'string' ? record.environment.connection : null,
    })
  }
  return { data }
}
