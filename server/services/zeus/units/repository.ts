import { sql } from 'drizzle-orm'
import type { OfflineStatus } from '../../../../contracts/units.ts'
import type { Db } from '../../../db/client.ts'
import type { UnitAddress, UnitGeoData } from '../../../db/schema.ts'

/** Seeds 4.6 and 9: a unit not seen for more than 30 minutes is offline. */
export const OFFLINE_AFTER_MS = 30 * 60_000

/** A unit with everything accessible-units can include, and its offline facts. */
export type AccessibleUnitRow = {
  id: number
  mac: string
  label: string
  panelId: number | null
  isTtCompatible: boolean
  /** Epoch ms, null if never seen. */
  lastSeen: number | null
  offlineExternally: boolean
  offlineMessage: string | null
  isUnreliable: boolean
  timezone: string
  address: UnitAddress | null
  geoData: UnitGeoData | null
  environment: Record<string, string | number | boolean> | null
  ispId: number | null
  ispName: string | null
  ispCountryId: number | null
  packageId: number | null
  packageName: string | null
  downloadKbps: number | null
  uploadKbps: number | null
  /** Epoch ms the package took effect. */
  packageChangedAt: number | null
  /** Whether the user asked about is one of the unit's users. */
  isUsersUnit: boolean
  /** Start of the oldest disconnection still in progress (epoch ms), and whether it is unreliable. */
  disconnectedSince: number | null
  disconnectionUnreliable: boolean
}

/**
 * Joins the unit `u`'s disconnection in progress (the oldest open one) as `d` (start_dtime,
 * is_unreliable), for the offline status (seeds 4.6).
 */
export const OPEN_DISCONNECTION_JOIN = `LEFT JOIN LATERAL (
      SELECT start_dtime, is_unreliable FROM disconnections
      WHERE unit_id = u.id AND end_dtime IS NULL
      ORDER BY start_dtime LIMIT 1
    ) d ON true`

const epochMs = (column: ReturnType<typeof sql>) =>
  sql`(extract(epoch FROM ${column}) * 1000)::float8`

/** The unit with its ISP, package and open disconnection; `isUsersUnit` is about `userId`. */
export async function findAccessibleUnit(
  db: Db,
  unitId: number,
  userId: number,
): Promise<AccessibleUnitRow | null> {
  const { rows } = await db.execute<AccessibleUnitRow>(sql`
    SELECT u.id, u.mac, u.label, u.panel_id AS "panelId", u.is_tt_compatible AS "isTtCompatible",
           ${epochMs(sql`u.last_seen`)} AS "lastSeen",
           u.offline_externally AS "offlineExternally", u.offline_message AS "offlineMessage",
           u.is_unreliable AS "isUnreliable", u.timezone, u.address, u.geo_data AS "geoData",
           u.environment,
           i.id AS "ispId", i.name AS "ispName", i.country_id AS "ispCountryId",
           p.id AS "packageId", p.name AS "packageName",
           p.download_kbps AS "downloadKbps", p.upload_kbps AS "uploadKbps",
           ${epochMs(sql`u.package_changed_at`)} AS "packageChangedAt",
           EXISTS (SELECT 1 FROM user_units uu WHERE uu.unit_id = u.id AND uu.user_id = ${userId})
             AS "isUsersUnit",
           ${epochMs(sql`d.start_dtime`)} AS "disconnectedSince",
           coalesce(d.is_unreliable, false) AS "disconnectionUnreliable"
    FROM units u
    LEFT JOIN isps i ON i.id = u.isp_id
    LEFT JOIN packages p ON p.id = u.package_id
    ${sql.raw(OPEN_DISCONNECTION_JOIN)}
    WHERE u.id = ${unitId}`)
  return rows[0] ?? null
}

/** What a unit's offline status is computed from (seeds 4.6). */
export type UnitOfflineFacts = Pick<
  AccessibleUnitRow,
  | 'id'
  | 'lastSeen'
  | 'offlineExternally'
  | 'offlineMessage'
  | 'isUnreliable'
  | 'disconnectedSince'
  | 'disconnectionUnreliable'
>

/**
 * Seeds 4.6: offline when last seen more than 30 minutes ago (or never), when a disconnection is
 * in progress, or when marked offline externally. lastSeenOnline is the last time it was seen.
 */
export function offlineStatusOf(unit: UnitOfflineFacts, now: number): OfflineStatus {
  const stale = unit.lastSeen === null || now - unit.lastSeen > OFFLINE_AFTER_MS
  const disconnected = unit.disconnectedSince !== null
  return {
    id: unit.id,
    offline: stale || disconnected || unit.offlineExternally,
    lastSeenOnline: unit.lastSeen === null ? null : new Date(unit.lastSeen).toISOString(),
    offlineMessage: unit.offlineExternally ? unit.offlineMessage : null,
    isUnreliable: unit.isUnreliable || (disconnected && unit.disconnectionUnreliable),
  }
}
