import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { isUniqueViolation } from '../../../db/pg-errors.ts'
import { offsetOf, type PageRequest } from '../../../lib/list.ts'
import {
  countries,
  emailPreferences,
  isps,
  packages,
  passwordResetTokens,
  refreshTokens,
  supportRequests,
  unitPackageChanges,
  units,
  userUnits,
  users,
  type UnitAddress,
  type UnitGeoData,
} from '../../../db/schema.ts'

/** Every country, by name. */
export function listCountries(db: Db) {
  return db
    .select({ id: countries.id, name: countries.name, code: countries.code })
    .from(countries)
    .orderBy(asc(countries.name))
}

/** Whether a country with this id exists. */
export async function countryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, id))
    .limit(1)
  return row !== undefined
}

/** One page of ISPs (optionally of one country) by name, with the total count. */
export async function listIsps(db: Db, options: PageRequest & { countryId: number | undefined }) {
  const where = options.countryId === undefined ? undefined : eq(isps.countryId, options.countryId)
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: isps.id, name: isps.name, countryId: isps.countryId })
      .from(isps)
      .where(where)
      .orderBy(asc(isps.name), asc(isps.id))
      .limit(options.perPage)
      .offset(offsetOf(options)),
    db.select({ n: count() }).from(isps).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** One page of an ISP's packages by name, with the total count. */
export async function listPackages(db: Db, options: PageRequest & { ispId: number }) {
  const where = eq(packages.ispId, options.ispId)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: packages.id,
        ispId: packages.ispId,
        name: packages.name,
        downloadKbps: packages.downloadKbps,
        uploadKbps: packages.uploadKbps,
      })
      .from(packages)
      .where(where)
      .orderBy(asc(packages.name), asc(packages.id))
      .limit(options.perPage)
      .offset(offsetOf(options)),
    db.select({ n: count() }).from(packages).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** The package with this id if it belongs to this ISP, else null. */
export async function findPackageOfIsp(db: Db, packageId: number, ispId: number) {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.ispId, ispId)))
    .limit(1)
  return row ?? null
}

/** The account fields the settings endpoints read, by sub; null when there is no such user. */
export async function findAccountBySub(db: Db, sub: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.sub, sub))
    .limit(1)
  return row ?? null
}

/** Whether the unit is one of the user's own units (user_units). */
export async function isOwnUnit(db: Db, userId: number, unitId: number): Promise<boolean> {
  const [row] = await db
    .select({ unitId: userUnits.unitId })
    .from(userUnits)
    .where(and(eq(userUnits.userId, userId), eq(userUnits.unitId, unitId)))
    .limit(1)
  return row !== undefined
}

/** A unit's panel and package facts (seeds 2.4 broadband details), or null. */
export async function findUnitPackage(db: Db, unitId: number) {
  const [row] = await db
    .select({
      unitId: units.id,
      panelId: units.panelId,
      address: units.address,
      ispId: isps.id,
      ispName: isps.name,
      ispCountryId: isps.countryId,
      packageId: packages.id,
      packageName: packages.name,
      downloadKbps: packages.downloadKbps,
      uploadKbps: packages.uploadKbps,
      changedAt: units.packageChangedAt,
    })
    .from(units)
    .leftJoin(isps, eq(isps.id, units.ispId))
    .leftJoin(packages, eq(packages.id, units.packageId))
    .where(eq(units.id, unitId))
    .limit(1)
  return row ?? null
}
export type UnitPackageRow = NonNullable<Awaited<ReturnType<typeof findUnitPackage>>>

/**
 * Sets the unit's ISP, package and change date and records the change, in one transaction;
 * false when the unit vanished meanwhile.
 */
export async function changeUnitPackage(
  db: Db,
  change: { unitId: number; ispId: number; packageId: number; changedAt: Date; changedBy: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(units)
      .set({ ispId: change.ispId, packageId: change.packageId, packageChangedAt: change.changedAt })
      .where(eq(units.id, change.unitId))
      .returning({ id: units.id })
    if (updated.length === 0) return false
    await tx.insert(unitPackageChanges).values(change)
    return true
  })
}

const locationColumns = {
  unitId: units.id,
  address: units.address,
  geoData: units.geoData,
  timezone: units.timezone,
}

/** A unit's installation address, position and time zone, or null. */
export async function findUnitLocation(db: Db, unitId: number) {
  const [row] = await db.select(locationColumns).from(units).where(eq(units.id, unitId)).limit(1)
  return row ?? null
}

/** Replaces the installation address (and position/time zone when given); the row, or null. */
export async function saveUnitLocation(
  db: Db,
  unitId: number,
  location: { address: UnitAddress; geoData?: UnitGeoData | null; timezone?: string },
) {
  const [row] = await db
    .update(units)
    .set({
      address: location.address,
      ...(location.geoData === undefined ? {} : { geoData: location.geoData }),
      ...(location.timezone === undefined ? {} : { timezone: location.timezone }),
    })
    .where(eq(units.id, unitId))
    .returning(locationColumns)
  return row ?? null
}

/** Sets the user's email: 'exists' when another account took it meanwhile (unique index). */
export async function updateEmail(
  db: Db,
  userId: number,
  email: string,
): Promise<'ok' | 'exists' | 'missing'> {
  try {
    const rows = await db
      .update(users)
      .set({ email })
      .where(eq(users.id, userId))
      .returning({ id: users.id })
    return rows.length > 0 ? 'ok' : 'missing'
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists'
    throw error
  }
}

/** The login family of a refresh token of this user (by hash), or null. */
export async function findRefreshFamily(
  db: Db,
  userId: number,
  tokenHash: string,
): Promise<string | null> {
  const [row] = await db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, tokenHash), eq(refreshTokens.userId, userId)))
    .limit(1)
  return row?.family ?? null
}

/**
 * Sets a new password in one transaction: unused reset links are spent, every refresh token of
 * the user's other logins revoked (all of them when `keepFamily` is null) and access tokens issued
 * before `now` refused (tokens_valid_after; the kept login renews its own). Returns how many
 * other logins were signed out.
 */
export async function changePassword(
  db: Db,
  input: { userId: number; passwordHash: string; keepFamily: string | null },
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: input.passwordHash, passwordChangedAt: now, tokensValidAfter: now })
      .where(eq(users.id, input.userId))
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)))
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.userId, input.userId),
          isNull(refreshTokens.revokedAt),
          input.keepFamily === null ? undefined : ne(refreshTokens.family, input.keepFamily),
        ),
      )
      .returning({ family: refreshTokens.family })
    return new Set(revoked.map((row) => row.family)).size
  })
}

const preferenceColumns = {
  disconnectionAlerts: emailPreferences.disconnectionAlerts,
  performanceAlerts: emailPreferences.performanceAlerts,
  reportCards: emailPreferences.reportCards,
  productNews: emailPreferences.productNews,
  alertsPausedUntil: emailPreferences.alertsPausedUntil,
}
export type EmailPreferencesRow = {
  disconnectionAlerts: boolean
  performanceAlerts: boolean
  reportCards: boolean
  productNews: boolean
  alertsPausedUntil: Date | null
}

/** The user's email preferences, or null when never saved (the defaults apply). */
export async function findEmailPreferences(
  db: Db,
  userId: number,
): Promise<EmailPreferencesRow | null> {
  const [row] = await db
    .select(preferenceColumns)
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId))
    .limit(1)
  return row ?? null
}

/** Stores the user's email preferences whole (insert or replace). */
export async function saveEmailPreferences(
  db: Db,
  userId: number,
  preferences: EmailPreferencesRow,
  now: Date,
): Promise<EmailPreferencesRow> {
  const values = { ...preferences, updatedAt: now }
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: values })
    .returning(preferenceColumns)
  if (!row) throw new Error('email preferences upsert returned nothing')
  return row
}

/** Stores a support request; its id and time. */
export async function insertSupportRequest(
  db: Db,
  request: {
    userId: number
    requesterName: string
    requesterEmail: string
    subject: string
    body: string
    tags: string[]
  },
) {
  const [row] = await db
    .insert(supportRequests)
    .values({ ...request, priority: 'low' })
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt })
  if (!row) throw new Error('support request insert returned nothing')
  return row
}

/** The metric keys of a report card: download, upload and latency (seeds 000 §3). */
export const REPORT_CARD_METRICS = {
  download: 'httpgetmt',
  upload: 'httppostmt',
  latency: 'udpLatency',
} as const

export type ReportCardRow = {
  unit_id: number
  label: string
  package_name: string | null
  isp_name: string | null
  download_kbps: number | null
  upload_kbps: number | null
  month: string
  download: number | null
  upload: number | null
  latency: number | null
  tests: number
}

/**
 * Per unit of the user and per calendar month (in the unit's time zone) of the last `months`
 * months up to `now`: median download, upload and latency of the successful tests, computed in SQL.
 * Each month's range is read through the (unit_id, metric_key, dtime) index.
 */
export async function reportCardRows(
  db: Db,
  userId: number,
  now: Date,
  months: number,
): Promise<ReportCardRow[]> {
  const { download, upload, latency } = REPORT_CARD_METRICS
  const result = await db.execute<ReportCardRow>(sql`
    SELECT u.id AS unit_id, u.label, p.name AS package_name, i.name AS isp_name,
      p.download_kbps, p.upload_kbps,
      to_char(mo.month, 'YYYY-MM') AS month,
      s.download, s.upload, s.latency, s.tests
    FROM ${userUnits} uu
    JOIN ${units} u ON u.id = uu.unit_id
    LEFT JOIN ${packages} p ON p.id = u.package_id
    LEFT JOIN ${isps} i ON i.id = u.isp_id
    CROSS JOIN LATERAL generate_series(
      date_trunc('month', ${now}::timestamptz AT TIME ZONE u.timezone)
        - make_interval(months => ${months - 1}),
      date_trunc('month', ${now}::timestamptz AT TIME ZONE u.timezone),
      interval '1 month'
    ) AS mo(month)
    CROSS JOIN LATERAL (
      SELECT
        percentile_cont(0.5) WITHIN GROUP (ORDER BY m.value)
          FILTER (WHERE m.metric_key = ${download}) AS download,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY m.value)
          FILTER (WHERE m.metric_key = ${upload}) AS upload,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY m.value)
          FILTER (WHERE m.metric_key = ${latency}) AS latency,
        (count(*) FILTER (WHERE m.metric_key = ${download}))::int AS tests
      FROM measurements m
      WHERE m.unit_id = u.id
        AND m.metric_key IN (${download}, ${upload}, ${latency})
        AND m.status = 'OK'
        AND m.value IS NOT NULL
        AND m.dtime >= (mo.month AT TIME ZONE u.timezone)
        AND m.dtime < ((mo.month + interval '1 month') AT TIME ZONE u.timezone)
        AND m.dtime <= ${now}::timestamptz
    ) s
    WHERE uu.user_id = ${userId}
    ORDER BY u.id, mo.month`)
  return result.rows
}
