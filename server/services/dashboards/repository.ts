import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type {
  DashboardCaller,
  DashboardType,
  ReportContents,
  WarboardContents,
} from '../../../contracts/dashboards.ts'
import type { Db } from '../../db/client.ts'
import { dashboards, organisations, users } from '../../db/schema.ts'

/** A dashboard with what its answer adds: whose owner it is and its creator's name. */
export type DashboardRow = typeof dashboards.$inferSelect & {
  organisationOwned: boolean
  createdByName: string | null
}

function selectRows(db: Db) {
  return db
    .select({
      dashboard: dashboards,
      organisationOwned: sql<boolean>`EXISTS (SELECT 1 FROM ${organisations} o WHERE o.owner_id = ${dashboards.ownerId})`,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(dashboards)
    .leftJoin(users, eq(users.id, dashboards.createdBy))
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number]

function rowOf(selected: Selected): DashboardRow {
  return {
    ...selected.dashboard,
    organisationOwned: selected.organisationOwned,
    createdByName: selected.createdByName,
  }
}

/**
 * The contract's maySeeDashboard as SQL, for a list of one owner: all of the caller's own
 * owner's; of their organisation's owner the public ones and those they created.
 */
function visibleTo(caller: DashboardCaller): SQL {
  const parts: (SQL | undefined)[] = []
  if (caller.ownerId !== null) parts.push(eq(dashboards.ownerId, caller.ownerId))
  if (caller.organisationOwnerId !== null) {
    parts.push(
      and(
        eq(dashboards.ownerId, caller.organisationOwnerId),
        or(eq(dashboards.public, true), eq(dashboards.createdBy, caller.userId)),
      ),
    )
  }
  return or(...parts) ?? sql`false`
}

/** One dashboard by id, whoever may see it (the route applies maySeeDashboard), or null. */
export async function findDashboard(db: Db, id: number): Promise<DashboardRow | null> {
  const [row] = await selectRows(db).where(eq(dashboards.id, id)).limit(1)
  return row ? rowOf(row) : null
}

/** The dashboards of one type and owner the caller sees, the most recently updated first. */
export async function listDashboards(
  db: Db,
  caller: DashboardCaller,
  ownerId: number,
  type: DashboardType,
): Promise<DashboardRow[]> {
  const rows = await selectRows(db)
    .where(and(eq(dashboards.ownerId, ownerId), eq(dashboards.type, type), visibleTo(caller)))
    .orderBy(desc(dashboards.updatedAt), desc(dashboards.id))
  return rows.map(rowOf)
}

/** What a create or an update stores. */
export type DashboardInput = {
  ownerId: number
  name: string
  public: boolean
  contents: WarboardContents | ReportContents
}

/** Stores a new dashboard; returns its id. */
export async function insertDashboard(
  db: Db,
  input: DashboardInput & { type: DashboardType; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(dashboards).values(input).returning({ id: dashboards.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/**
 * Replaces a dashboard's content if its version is still `expected`, bumping the version; whether
 * it was (false: someone else's update came first, or it was deleted meanwhile).
 */
export async function updateDashboard(
  db: Db,
  id: number,
  expected: number,
  input: DashboardInput,
): Promise<boolean> {
  const rows = await db
    .update(dashboards)
    .set({ ...input, version: sql`${dashboards.version} + 1`, updatedAt: new Date() })
    .where(and(eq(dashboards.id, id), eq(dashboards.version, expected)))
    .returning({ id: dashboards.id })
  return rows.length > 0
}

/** Deletes a dashboard for good (a report or board has no undo in the seeds). */
export async function deleteDashboard(db: Db, id: number): Promise<void> {
  await db.delete(dashboards).where(eq(dashboards.id, id))
}
