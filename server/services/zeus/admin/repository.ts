import { sql } from 'drizzle-orm'
import type { AdminPackageCreate } from '../../../../contracts/admin.ts'
import type { Db } from '../../../db/client.ts'
import {
  offsetOf,
  orderBySql,
  type PageRequest,
  type SortText,
  type SqlColumn,
} from '../../../lib/list.ts'

export type PackageRecord = {
  id: number
  name: string
  downloadKbps: number
  uploadKbps: number
  downloadLimitGb: number | null
  uploadLimitGb: number | null
  technology: string | null
  public: boolean
  ispId: number
  ispName: string
}

const SORT_COLUMNS: Record<string, SqlColumn> = {
  id: { sql: 'p.id' },
  short_name: { sql: 'lower(p.name)' },
  down_speed: { sql: 'p.download_kbps' },
  up_speed: { sql: 'p.upload_kbps' },
}

const SELECT = sql`
  SELECT p.id, p.name, p.download_kbps AS "downloadKbps", p.upload_kbps AS "uploadKbps",
         d.download_limit_gb AS "downloadLimitGb", d.upload_limit_gb AS "uploadLimitGb",
         d.technology, COALESCE(d.public, true) AS public, i.id AS "ispId", i.name AS "ispName"
  FROM packages p JOIN isps i ON i.id = p.isp_id LEFT JOIN package_details d ON d.package_id = p.id`

/**
 * Whether the ISP is one of the panel's: an ISP some unit of the panel is on. A panel's admin
 * manages those ISPs' packages only (never another panel's).
 */
export async function panelHasIsp(db: Db, panelId: number, ispId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM units WHERE panel_id = ${panelId} AND isp_id = ${ispId} LIMIT 1`,
  )
  return rows.length > 0
}

/** The panel's ISPs (those some unit of the panel is on), by name: whose packages its admin manages. */
export async function panelIsps(db: Db, panelId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`SELECT i.id, i.name FROM isps i
        WHERE EXISTS (SELECT 1 FROM units u WHERE u.panel_id = ${panelId} AND u.isp_id = i.id)
        ORDER BY lower(i.name), i.id`,
  )
  return rows
}

export async function listPackages(
  db: Db,
  query: { ispId: number; search?: string; sorts: readonly SortText[] } & PageRequest,
): Promise<{ rows: PackageRecord[]; total: number }> {
  const like =
    query.search === undefined
      ? null
      : `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = sql`WHERE p.isp_id = ${query.ispId}
    AND (${like}::text IS NULL OR lower(p.name) LIKE ${like})`
  const order = orderBySql(query.sorts, SORT_COLUMNS, 'p.id')
  const [{ rows }, counted] = await Promise.all([
    db.execute<PackageRecord>(sql`${SELECT} ${where} ORDER BY ${sql.raw(order.text)}
      LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM packages p ${where}`),
  ])
  return { rows, total: counted.rows[0]?.total ?? 0 }
}

export async function findPackage(
  db: Db,
  ispId: number,
  id: number,
): Promise<PackageRecord | null> {
  const { rows } = await db.execute<PackageRecord>(
    sql`${SELECT} WHERE p.isp_id = ${ispId} AND p.id = ${id}`,
  )
  return rows[0] ?? null
}

/** Whether another package of the ISP has this short name (case-insensitive). */
export async function nameTaken(
  db: Db,
  ispId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM packages WHERE isp_id = ${ispId} AND lower(name) = lower(${name})
      AND (${exceptId}::int IS NULL OR id <> ${exceptId}) LIMIT 1`)
  return rows.length > 0
}

const kbps = (mbps: number) => Math.round(mbps * 1000)

/** Creates or updates a package and its details in one transaction; the package id. */
export async function savePackage(
  db: Db,
  ispId: number,
  id: number | null,
  value: AdminPackageCreate,
): Promise<number> {
  return db.transaction(async (tx) => {
    let packageId = id
    if (packageId === null) {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO packages (isp_id, name, download_kbps, upload_kbps)
        VALUES (${ispId}, ${value.short_name}, ${kbps(value.down_speed)}, ${kbps(value.up_speed)})
        RETURNING id`)
      packageId = rows[0]?.id ?? null
      if (packageId === null) throw new Error('package insert returned nothing')
    } else {
      await tx.execute(sql`
        UPDATE packages SET name = ${value.short_name}, download_kbps = ${kbps(value.down_speed)},
          upload_kbps = ${kbps(value.up_speed)} WHERE id = ${packageId} AND isp_id = ${ispId}`)
    }
    await tx.execute(sql`
      INSERT INTO package_details (package_id, technology, public, download_limit_gb, upload_limit_gb)
      VALUES (${packageId}, ${value.technology}, ${value.public}, ${value.down_limit}, ${value.up_limit})
      ON CONFLICT (package_id) DO UPDATE SET technology = excluded.technology,
        public = excluded.public, download_limit_gb = excluded.download_limit_gb,
        upload_limit_gb = excluded.upload_limit_gb`)
    return packageId
  })
}
