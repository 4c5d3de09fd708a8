import { and, eq, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import {
  ReportContentsSchema,
  WarboardContentsSchema,
  type ReportComponent,
} from '../../contracts/dashboards.ts'
import { PresetDataSchema } from '../../contracts/presets.ts'
import type { Db } from './client.ts'
import { DAY_MS } from './seed-context.ts'
import { dashboards, organisations, presets, users } from './schema.ts'

/** The preset the organisation's board still shows after it was deleted (its meta: NOT_FOUND). */
export const DELETED_DEMO_PRESET = 'Jitter by region (deleted)'

/** A graph of the demo: a preset of seed-presets.ts by name (ids are not fixed) on a panel. */
type GraphSeed = { preset: string; panel: number }

type DashboardSeed = {
  name: string
  /** Owned by the analyst's organisation and public (else the analyst's own, private). */
  organisation?: boolean
  updatedDaysAgo: number
} & (
  | { type: 'warboard'; graphs: GraphSeed[] }
  | {
      type: 'report'
      components: (GraphSeed | { kind: 'header' | 'text'; text: string })[]
    }
)

/**
 * The analyst's boards and report (seeds 001 §2.2): a private warboard of four of their presets, a
 * public one of the organisation with two presets and one deleted, and a report.
 */
export const DEMO_DASHBOARDS: readonly DashboardSeed[] = [
  {
    name: 'My network overview',
    type: 'warboard',
    updatedDaysAgo: 1,
    graphs: [
      { preset: 'Download speed by ISP', panel: 6 },
      { preset: 'Evening latency by hour', panel: 3 },
      { preset: 'Busy-hour download (alert)', panel: 6 },
      { preset: 'Web page load distribution', panel: 3 },
    ],
  },
  {
    name: 'Southern Cross weekly',
    type: 'warboard',
    organisation: true,
    updatedDaysAgo: 3,
    graphs: [
      { preset: 'Download and upload, panels 2 and 3', panel: 2 },
      { preset: 'Evening latency by hour', panel: 3 },
      { preset: DELETED_DEMO_PRESET, panel: 3 },
    ],
  },
  {
    name: 'Monthly speed report',
    type: 'report',
    updatedDaysAgo: 2,
    components: [
      { kind: 'header', text: 'Download speeds this month' },
      {
        kind: 'text',
        text: 'Median download speed per ISP on the regional benchmark panel, day by day.',
      },
      { preset: 'Download speed by ISP', panel: 6 },
    ],
  },
]

/** Inserts the demo dashboards of analyst@example.com (after the presets). */
export async function seedDashboards(db: Db, now: Date): Promise<void> {
  const [analyst] = await db
    .select({ id: users.id, ownerId: users.ownerId, organisationOwnerId: organisations.ownerId })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.email, 'analyst@example.com'))
  if (!analyst?.ownerId || !analyst.organisationOwnerId) return
  const { ownerId, organisationOwnerId } = analyst
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS)

  // The organisation's preset a colleague deleted since (a soft delete: presets can be restored).
  const day = (days: number) => at(days).toISOString().slice(0, 10)
  await db.insert(presets).values({
    ownerId: organisationOwnerId,
    name: DELETED_DEMO_PRESET,
    data: v.parse(PresetDataSchema, [
      {
        panel: 3,
        chartType: 'aggregate',
        metrics: [{ key: 'udpJitter' }],
        splits: ['region'],
        timeAggregation: 'daily',
        date: { from: day(30), to: day(0) },
      },
    ]),
    visibility: 'organisation',
    createdBy: analyst.id,
    createdAt: at(20),
    updatedAt: at(20),
    deletedAt: at(4),
  })

  const names = [
    ...new Set(
      DEMO_DASHBOARDS.flatMap((seed) =>
        seed.type === 'warboard'
          ? seed.graphs.map((g) => g.preset)
          : seed.components.flatMap((c) => ('preset' in c ? [c.preset] : [])),
      ),
    ),
  ]
  const found = await db
    .select({ id: presets.id, name: presets.name })
    .from(presets)
    .where(and(eq(presets.createdBy, analyst.id), inArray(presets.name, names)))
  const idOf = new Map(found.map((row) => [row.name, row.id]))
  const graph = ({ preset, panel }: GraphSeed) => {
    const metaId = idOf.get(preset)
    if (metaId === undefined) throw new Error(`seed-dashboards: no preset ${preset}`)
    return { metaId, panel }
  }

  await db.insert(dashboards).values(
    DEMO_DASHBOARDS.map((seed) => ({
      type: seed.type,
      ownerId: seed.organisation ? organisationOwnerId : ownerId,
      createdBy: analyst.id,
      name: seed.name,
      public: seed.organisation ?? false,
      contents:
        seed.type === 'warboard'
          ? v.parse(WarboardContentsSchema, { children: seed.graphs.map(graph) })
          : v.parse(ReportContentsSchema, {
              components: seed.components.map((c): ReportComponent =>
                'preset' in c ? { kind: 'graph', ...graph(c) } : c,
              ),
            }),
      createdAt: at(seed.updatedDaysAgo + 7),
      updatedAt: at(seed.updatedDaysAgo),
    })),
  )
}
