import { and, arrayOverlaps, count, eq, isNull, or, sql, type Column, type SQL } from 'drizzle-orm'
import type { FeatureUpdateType } from '../../../../contracts/feature-updates.ts'
import type { Db } from '../../../db/client.ts'
import { featureUpdateReads, featureUpdates, users } from '../../../db/schema.ts'
import { offsetOf, orderByColumns, type PageRequest, type SortText } from '../../../lib/list.ts'
import { escapeAttribute, sanitizeHtml, type HtmlAllowList } from '../../../lib/sanitize-html.ts'

export type UpdateLocale = 'en_GB' | 'ar_SA' | 'fr_CA'
export const FALLBACK_LOCALE: UpdateLocale = 'en_GB'

// --- HTML allow-list -------------------------------------------------------------------------

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The href of an `a` when it is an absolute https URL, normalised; otherwise null. */
export function safeHttpsHref(raw: string): string | null {
  try {
    // Control characters and spaces inside a scheme are how `java\tscript:` slips through filters.
    const url = new URL(decodeAttribute(raw).trim())
    return url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

const UPDATE_HTML: HtmlAllowList = {
  tags: new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'a']),
  droppedWithContent: ['script', 'style', 'iframe', 'noscript', 'template', 'textarea', 'title'],
  href: safeHttpsHref,
  // Stored descriptions keep an apostrophe of an href as written (it is harmless in double quotes).
  escapeHref: escapeAttribute,
}

/**
 * Cleans update HTML to p, ul, ol, li, strong, em and a[href https only]: other tags are removed
 * (their text kept), attributes dropped, text escaped, and every element closed.
 */
export function sanitizeUpdateHtml(html: string): string {
  return sanitizeHtml(html, UPDATE_HTML)
}

// --- Queries ---------------------------------------------------------------------------------

/** A feature update to store: title and description per locale (en_GB required). */
export type NewFeatureUpdate = {
  type: FeatureUpdateType
  title: Record<UpdateLocale, string>
  description: Record<UpdateLocale, string>
  createdAt: Date
  /** The navigation apps it is about; absent or null: everyone of its type. */
  apps?: readonly string[] | null
}

/** Stores updates with their descriptions sanitised; returns their ids in the given order. */
export async function insertFeatureUpdates(
  db: Db,
  updates: readonly NewFeatureUpdate[],
): Promise<number[]> {
  if (updates.length === 0) return []
  const rows = await db
    .insert(featureUpdates)
    .values(
      updates.map((update) => ({
        type: update.type,
        apps: update.apps ? [...update.apps] : null,
        title: update.title,
        description: {
          en_GB: sanitizeUpdateHtml(update.description.en_GB),
          ar_SA: sanitizeUpdateHtml(update.description.ar_SA),
          fr_CA: sanitizeUpdateHtml(update.description.fr_CA),
        },
        createdAt: update.createdAt,
      })),
    )
    .returning({ id: featureUpdates.id })
  return rows.map((row) => row.id)
}

/** The default locale of a user (fallback en_GB), or null when there is no such user. */
export async function findUserLocale(db: Db, userId: number): Promise<UpdateLocale | null> {
  const [row] = await db
    .select({ locale: users.defaultLocale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) return null
  return row.locale ?? FALLBACK_LOCALE
}

/** The id of the user with this sub, or null. */
export async function findUserIdBySub(db: Db, sub: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.sub, sub)).limit(1)
  return row?.id ?? null
}

/** One update as read by one user, in one locale. */
export type FeatureUpdateRow = {
  id: number
  type: FeatureUpdateType
  title: string
  description: string
  createdAt: Date
  lastReadDate: Date | null
}

/** Which updates a list holds for the user: all of them, only read ones or only unread ones. */
export type ReadFilter = 'all' | 'read' | 'unread'

export type ListOptions = {
  userId: number
  locale: UpdateLocale
  filter: ReadFilter
  type?: FeatureUpdateType | undefined
  /** The caller's navigation apps: only updates about one of them or about none. */
  apps?: readonly string[] | undefined
  sort: SortText<'id'>
  /** Absent: every matching update. */
  page?: PageRequest
}

/** The columns a list of updates sorts by. */
const ORDER_COLUMNS = { id: featureUpdates.id }

const localised = (column: Column, locale: UpdateLocale) =>
  // A translation missing from the row falls back to the source locale.
  sql<string>`coalesce(${column} ->> ${locale}, ${column} ->> ${FALLBACK_LOCALE}, '')`

function listConditions({ userId, filter, type, apps }: ListOptions): {
  join: SQL | undefined
  where: SQL | undefined
} {
  const join = and(
    eq(featureUpdateReads.updateId, featureUpdates.id),
    eq(featureUpdateReads.userId, userId),
  )
  const where = and(
    type === undefined ? undefined : eq(featureUpdates.type, type),
    apps === undefined
      ? undefined
      : apps.length === 0
        ? isNull(featureUpdates.apps)
        : or(isNull(featureUpdates.apps), arrayOverlaps(featureUpdates.apps, [...apps])),
    filter === 'unread' ? isNull(featureUpdateReads.userId) : undefined,
  )
  return { join, where }
}

/** A page (or all) of the updates of a user, with the read date of each. */
export async function listFeatureUpdates(
  db: Db,
  options: ListOptions,
): Promise<FeatureUpdateRow[]> {
  const { join, where } = listConditions(options)
  const base = db
    .select({
      id: featureUpdates.id,
      type: featureUpdates.type,
      title: localised(featureUpdates.title, options.locale),
      description: localised(featureUpdates.description, options.locale),
      createdAt: featureUpdates.createdAt,
      lastReadDate: featureUpdateReads.lastReadDate,
    })
    .from(featureUpdates)
  const joined =
    options.filter === 'read'
      ? base.innerJoin(featureUpdateReads, join)
      : base.leftJoin(featureUpdateReads, join)
  const ordered = joined.where(where).orderBy(...orderByColumns([options.sort], ORDER_COLUMNS))
  if (!options.page) return ordered
  return ordered.limit(options.page.perPage).offset(offsetOf(options.page))
}

/** How many updates a list holds in all (for its pagination). */
export async function countFeatureUpdates(db: Db, options: ListOptions): Promise<number> {
  const { join, where } = listConditions(options)
  const base = db.select({ total: count() }).from(featureUpdates)
  const joined =
    options.filter === 'read'
      ? base.innerJoin(featureUpdateReads, join)
      : base.leftJoin(featureUpdateReads, join)
  const [row] = await joined.where(where)
  return row?.total ?? 0
}

/**
 * Marks an update read by a user at `readAt` (a later PUT moves the date); null when the update
 * or the user does not exist.
 */
export async function markFeatureUpdateRead(
  db: Db,
  userId: number,
  updateId: number,
  readAt: Date,
): Promise<{ updateId: number; lastReadDate: Date } | null> {
  // One statement, so a missing update or user is "no row" rather than a foreign-key failure.
  const result = await db.execute<{ update_id: number; last_read_date: Date | string }>(sql`
    INSERT INTO ${featureUpdateReads} (user_id, update_id, last_read_date)
    SELECT u.id, f.id, ${readAt.toISOString()}::timestamptz
    FROM ${users} u, ${featureUpdates} f
    WHERE u.id = ${userId} AND f.id = ${updateId}
    ON CONFLICT (user_id, update_id) DO UPDATE SET last_read_date = EXCLUDED.last_read_date
    RETURNING update_id, last_read_date`)
  const row = result.rows[0]
  if (!row) return null
  return { updateId: row.update_id, lastReadDate: new Date(row.last_read_date) }
}

/** One update in a locale with the user's read date, or null. */
export async function findFeatureUpdate(
  db: Db,
  userId: number,
  updateId: number,
  locale: UpdateLocale,
): Promise<FeatureUpdateRow | null> {
  const [row] = await db
    .select({
      id: featureUpdates.id,
      type: featureUpdates.type,
      title: localised(featureUpdates.title, locale),
      description: localised(featureUpdates.description, locale),
      createdAt: featureUpdates.createdAt,
      lastReadDate: featureUpdateReads.lastReadDate,
    })
    .from(featureUpdates)
    .leftJoin(
      featureUpdateReads,
      and(
        eq(featureUpdateReads.updateId, featureUpdates.id),
        eq(featureUpdateReads.userId, userId),
      ),
    )
    .where(eq(featureUpdates.id, updateId))
    .limit(1)
  return row ?? null
}
