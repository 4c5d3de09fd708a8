import {
  and,
  count,
  type AnyColumn,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type {
  PresetCreate,
  PresetDataItem,
  PresetSortColumn,
  PresetTab,
  PresetVisibility,
} from '../../../contracts/presets.ts'
import type { Db } from '../../db/client.ts'
import {
  organisations,
  presetAlertUses,
  presets,
  presetStars,
  presetViews,
  users,
} from '../../db/schema.ts'
import {
  containsPattern,
  offsetOf,
  orderByColumns,
  type PageRequest,
  type SortText,
} from '../../lib/list.ts'

/** The caller as the visibility rule reads them (contracts/presets.ts header). */
export type Viewer = {
  userId: number
  ownerId: number | null
  organisationId: number | null
  organisationOwnerId: number | null
}

/** The caller's owner, organisation and organisation's owner, from the database. */
export async function viewerOf(db: Db, userId: number): Promise<Viewer> {
  const [row] = await db
    .select({
      ownerId: users.ownerId,
      organisationId: users.organisationId,
      organisationOwnerId: organisations.ownerId,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1)
  return {
    userId,
    ownerId: row?.ownerId ?? null,
    organisationId: row?.organisationId ?? null,
    organisationOwnerId: row?.organisationOwnerId ?? null,
  }
}

/**
 * The presets a viewer sees: their own owner's; their organisation owner's when organisation
 * visible or created by them; another member's when organisation visible. Never another user's
 * private preset.
 */
function visibleTo(viewer: Viewer): SQL {
  const organisationVisible = eq(presets.visibility, 'organisation')
  const parts: (SQL | undefined)[] = []
  if (viewer.ownerId !== null) parts.push(eq(presets.ownerId, viewer.ownerId))
  if (viewer.organisationOwnerId !== null) {
    parts.push(
      and(
        eq(presets.ownerId, viewer.organisationOwnerId),
        or(organisationVisible, eq(presets.createdBy, viewer.userId)),
      ),
    )
  }
  if (viewer.organisationId !== null) {
    parts.push(
      and(
        organisationVisible,
        sql`EXISTS (SELECT 1 FROM ${users} m WHERE m.owner_id = ${presets.ownerId} AND m.organisation_id = ${viewer.organisationId})`,
      ),
    )
  }
  return or(...parts) ?? sql`false`
}

/** A preset with what the caller's view of it adds. */
export type PresetRow = typeof presets.$inferSelect & {
  starred: boolean
  myViewCount: number
  lastViewedAt: Date | null
  inUse: boolean
  organisationOwned: boolean
  createdByName: string | null
}

function selectRows(db: Db, viewer: Viewer) {
  return db
    .select({
      preset: presets,
      starred: sql<boolean>`${presetStars.userId} IS NOT NULL`,
      myViewCount: sql<number>`coalesce(${presetViews.count}, 0)`.mapWith(Number),
      lastViewedAt: presetViews.lastViewedAt,
      inUse: sql<boolean>`EXISTS (SELECT 1 FROM ${presetAlertUses} a WHERE a.preset_id = ${presets.id})`,
      organisationOwned: sql<boolean>`EXISTS (SELECT 1 FROM ${organisations} o WHERE o.owner_id = ${presets.ownerId})`,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(presets)
    .leftJoin(
      presetStars,
      and(eq(presetStars.presetId, presets.id), eq(presetStars.userId, viewer.userId)),
    )
    .leftJoin(
      presetViews,
      and(eq(presetViews.presetId, presets.id), eq(presetViews.userId, viewer.userId)),
    )
    .leftJoin(users, eq(users.id, presets.createdBy))
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number]

function rowOf(selected: Selected): PresetRow {
  return {
    ...selected.preset,
    starred: selected.starred,
    myViewCount: selected.myViewCount,
    lastViewedAt: selected.lastViewedAt,
    inUse: selected.inUse,
    organisationOwned: selected.organisationOwned,
    createdByName: selected.createdByName,
  }
}

/** One preset the viewer sees (a deleted one only with `includeDeleted`), or null. */
export async function findPreset(
  db: Db,
  viewer: Viewer,
  id: number,
  options: { includeDeleted?: boolean } = {},
): Promise<PresetRow | null> {
  const [row] = await selectRows(db, viewer)
    .where(
      and(
        eq(presets.id, id),
        visibleTo(viewer),
        options.includeDeleted ? undefined : isNull(presets.deletedAt),
      ),
    )
    .limit(1)
  return row ? rowOf(row) : null
}

/**
 * The presets of `ids` the viewer sees, not deleted, in one query (a dashboard's graphs: its
 * metas); those missing are not found or not visible alike.
 */
export async function findPresets(
  db: Db,
  viewer: Viewer,
  ids: readonly number[],
): Promise<Map<number, PresetRow>> {
  if (ids.length === 0) return new Map()
  const rows = await selectRows(db, viewer).where(
    and(inArray(presets.id, [...ids]), visibleTo(viewer), isNull(presets.deletedAt)),
  )
  return new Map(rows.map((selected) => [selected.preset.id, rowOf(selected)]))
}

export type PresetListQuery = {
  tab: PresetTab
  ownerIds: number[] | null
  includeDeleted: boolean
  search: string | null
  sorts: SortText<PresetSortColumn>[]
}

function listWhere(viewer: Viewer, query: PresetListQuery): SQL | undefined {
  const tab: Record<PresetTab, SQL | undefined> = {
    all: isNull(presets.archivedAt),
    yours: and(isNull(presets.archivedAt), eq(presets.createdBy, viewer.userId)),
    starred: and(isNull(presets.archivedAt), isNotNull(presetStars.userId)),
    archived: isNotNull(presets.archivedAt),
  }
  const pattern = query.search === null ? null : containsPattern(query.search)
  return and(
    visibleTo(viewer),
    tab[query.tab],
    query.includeDeleted ? undefined : isNull(presets.deletedAt),
    query.ownerIds === null ? undefined : inArray(presets.ownerId, query.ownerIds),
    pattern === null
      ? undefined
      : or(
          sql`${presets.name} ILIKE ${pattern}`,
          sql`EXISTS (SELECT 1 FROM unnest(${presets.tags}) tag WHERE tag ILIKE ${pattern})`,
        ),
  )
}

const SORT_COLUMNS: Record<PresetSortColumn, AnyColumn | SQL> = {
  created: presets.createdAt,
  updated: presets.updatedAt,
  name: sql`lower(${presets.name})`,
  most_viewed: presets.viewCount,
  // Never viewed counts as the oldest view.
  recently_viewed: sql`coalesce(${presetViews.lastViewedAt}, '-infinity'::timestamptz)`,
}

/** One page of the viewer's presets, and how many there are in all. */
export async function listPresets(
  db: Db,
  viewer: Viewer,
  query: PresetListQuery,
  page: PageRequest,
): Promise<{ rows: PresetRow[]; total: number }> {
  const where = listWhere(viewer, query)
  const rows = await selectRows(db, viewer)
    .where(where)
    .orderBy(...orderByColumns(query.sorts, SORT_COLUMNS, presets.id))
    .limit(page.perPage)
    .offset(offsetOf(page))
  const [counted] = await db
    .select({ total: count() })
    .from(presets)
    .leftJoin(
      presetStars,
      and(eq(presetStars.presetId, presets.id), eq(presetStars.userId, viewer.userId)),
    )
    .where(where)
  return { rows: rows.map(rowOf), total: counted?.total ?? 0 }
}

/** Stores a new preset; returns its id. */
export async function insertPreset(
  db: Db,
  input: Omit<PresetCreate, 'owner'> & { ownerId: number; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(presets)
    .values({
      ownerId: input.ownerId,
      name: input.name,
      data: input.data,
      tags: input.tags,
      visibility: input.visibility,
      createdBy: input.createdBy,
    })
    .returning({ id: presets.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/**
 * Replaces a preset's content if its version is still `expected`, bumping the version; whether
 * it was (false: someone else's update came first).
 */
export async function updatePreset(
  db: Db,
  id: number,
  expected: number,
  input: {
    ownerId: number
    name: string
    data: PresetDataItem[]
    tags: string[]
    visibility: PresetVisibility
  },
): Promise<boolean> {
  const rows = await db
    .update(presets)
    .set({
      ...input,
      version: sql`${presets.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(presets.id, id), eq(presets.version, expected), isNull(presets.deletedAt)))
    .returning({ id: presets.id })
  return rows.length > 0
}

/** Stars or unstars a preset for a user (idempotent). */
export async function setStar(
  db: Db,
  userId: number,
  presetId: number,
  starred: boolean,
): Promise<void> {
  if (starred) {
    await db.insert(presetStars).values({ userId, presetId }).onConflictDoNothing()
  } else {
    await db
      .delete(presetStars)
      .where(and(eq(presetStars.userId, userId), eq(presetStars.presetId, presetId)))
  }
}

/** Sets (now) or clears a preset's archived_at or deleted_at, keeping an earlier time. */
export async function setState(
  db: Db,
  presetId: number,
  column: 'archivedAt' | 'deletedAt',
  on: boolean,
): Promise<void> {
  const target = presets[column]
  await db
    .update(presets)
    .set({ [column]: on ? sql`coalesce(${target}, now())` : null })
    .where(eq(presets.id, presetId))
}

/** Counts a view of a preset: its total and the user's own count and last time. */
export async function recordView(db: Db, userId: number, presetId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(presets)
      .set({ viewCount: sql`${presets.viewCount} + 1` })
      .where(eq(presets.id, presetId))
    await tx
      .insert(presetViews)
      .values({ userId, presetId, count: 1, lastViewedAt: new Date() })
      .onConflictDoUpdate({
        target: [presetViews.userId, presetViews.presetId],
        set: { count: sql`${presetViews.count} + 1`, lastViewedAt: new Date() },
      })
  })
}
