import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { UnitAddress, UnitGeoData } from '../../db/schema.ts'
import { audit } from './agents.repository.ts'

/** One unit of a panel as the admin unit page shows it (seeds 001 §3 Unit, §7.3 includes). */
export type AdminUnitRecord = {
  id: number
  mac: string
  label: string
  serialNumber: string
  panelId: number
  panelName: string
  isTtCompatible: boolean
  /** Epoch ms, null if never seen. */
  lastSeen: number | null
  offlineExternally: boolean
  offlineMessage: string | null
  isUnreliable: boolean
  /** Start of the disconnection in progress (epoch ms), null when none. */
  disconnectedSince: number | null
  disconnectionUnreliable: boolean
  timezone: string
  address: UnitAddress | null
  geoData: UnitGeoData | null
  environment: Record<string, string | number | boolean> | null
  active: boolean
  ownerId: number | null
  ownerEmail: string | null
  ownerFirstName: string | null
  ownerLastName: string | null
  ispId: number | null
  ispName: string | null
  ispCountryId: number | null
  /** The unit's country: the address's, else the ISP's (the consumer's rule, seeds 000 §8.5). */
  countryId: number | null
  countryName: string | null
  packageId: number | null
  packageName: string | null
  downloadKbps: number | null
  uploadKbps: number | null
  /** Epoch ms the package took effect, null if never recorded. */
  packageChangedAt: number | null
}

/** One unit of the panel, or null (missing, or on another panel: the same answer). */
export async function findPanelUnit(
  db: Db,
  panelId: number,
  unitId: number,
): Promise<AdminUnitRecord | null> {
  const { rows } = await db.execute<AdminUnitRecord>(sql`
    SELECT u.id, u.mac, u.label, u.serial_number AS "serialNumber", u.panel_id AS "panelId",
           pa.front_name AS "panelName", u.is_tt_compatible AS "isTtCompatible",
           (extract(epoch FROM u.last_seen) * 1000)::float8 AS "lastSeen",
           u.offline_externally AS "offlineExternally", u.offline_message AS "offlineMessage",
           u.is_unreliable AS "isUnreliable",
           (extract(epoch FROM d.start_dtime) * 1000)::float8 AS "disconnectedSince",
           COALESCE(d.is_unreliable, false) AS "disconnectionUnreliable",
           u.timezone, u.address, u.geo_data AS "geoData", u.environment,
           COALESCE(s.active, true) AS active,
           o.id AS "ownerId", o.email AS "ownerEmail", o.first_name AS "ownerFirstName",
           o.last_name AS "ownerLastName",
           i.id AS "ispId", i.name AS "ispName", i.country_id AS "ispCountryId",
           c.id AS "countryId", c.name AS "countryName",
           p.id AS "packageId", p.name AS "packageName",
           p.download_kbps AS "downloadKbps", p.upload_kbps AS "uploadKbps",
           (extract(epoch FROM u.package_changed_at) * 1000)::float8 AS "packageChangedAt"
    FROM units u
    JOIN panels pa ON pa.pid = u.panel_id
    LEFT JOIN agent_states s ON s.unit_id = u.id
    LEFT JOIN users o ON o.id = u.owner_user_id
    LEFT JOIN isps i ON i.id = u.isp_id
    LEFT JOIN packages p ON p.id = u.package_id
    LEFT JOIN countries c
      ON c.id = COALESCE((u.address->>'country_id')::int, i.country_id)
    LEFT JOIN LATERAL (
      SELECT start_dtime, is_unreliable FROM disconnections
      WHERE unit_id = u.id AND end_dtime IS NULL
      ORDER BY start_dtime LIMIT 1
    ) d ON true
    WHERE u.panel_id = ${panelId} AND u.id = ${unitId}`)
  return rows[0] ?? null
}

export type PackageRecord = {
  id: number
  name: string
  downloadKbps: number
  uploadKbps: number
}

/** The ISP's packages by name, at most `limit`. */
export async function ispPackages(db: Db, ispId: number, limit: number): Promise<PackageRecord[]> {
  const { rows } = await db.execute<PackageRecord>(sql`
    SELECT id, name, download_kbps AS "downloadKbps", upload_kbps AS "uploadKbps"
    FROM packages WHERE isp_id = ${ispId}
    ORDER BY lower(name), id LIMIT ${limit}`)
  return rows
}

/** The package when it is one of the ISP's, else null. */
export async function findIspPackage(
  db: Db,
  ispId: number,
  packageId: number,
): Promise<PackageRecord | null> {
  const { rows } = await db.execute<PackageRecord>(sql`
    SELECT id, name, download_kbps AS "downloadKbps", upload_kbps AS "uploadKbps"
    FROM packages WHERE isp_id = ${ispId} AND id = ${packageId}`)
  return rows[0] ?? null
}

/**
 * Sets the unit's package (on its ISP) from now, records the change in its package history and
 * the admin audit log, in one transaction; false when the unit left the panel meanwhile.
 */
export async function changeUnitPackage(
  db: Db,
  change: {
    panelId: number
    unitId: number
    ispId: number
    packageId: number
    before: { isp_id: number | null; package_id: number | null }
    by: number
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.execute<{ id: number }>(sql`
      UPDATE units SET package_id = ${change.packageId}, isp_id = ${change.ispId},
                       package_changed_at = now()
      WHERE id = ${change.unitId} AND panel_id = ${change.panelId}
      RETURNING id`)
    if (updated.rows.length === 0) return false
    await tx.execute(sql`
      INSERT INTO unit_package_changes (unit_id, isp_id, package_id, changed_at, changed_by)
      VALUES (${change.unitId}, ${change.ispId}, ${change.packageId}, now(), ${change.by})`)
    await audit(tx, {
      actorId: change.by,
      panelId: change.panelId,
      action: 'unit.package',
      targetType: 'unit',
      targetId: change.unitId,
      before: change.before,
      after: { isp_id: change.ispId, package_id: change.packageId },
    })
    return true
  })
}
