import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import {
  PresetDataSchema,
  type PresetDataItemInput,
  type PresetVisibility,
} from '../../contracts/presets.ts'
import type { Db } from './client.ts'
import { DAY_MS } from './seed-context.ts'
import {
  organisations,
  presetAlertUses,
  presets,
  presetStars,
  presetViews,
  users,
} from './schema.ts'

type PresetSeed = {
  name: string
  tags: string[]
  /** Owned by the analyst's organisation (else by the analyst). */
  organisation?: boolean
  visibility?: PresetVisibility
  archived?: boolean
  starred?: boolean
  /** An alert using it (alerts come with the fault finder; the rule exists now). */
  alert?: string
  /** The analyst's views and how many days ago the last one was. */
  views?: { count: number; daysAgo: number }
  createdDaysAgo: number
  items: (Omit<PresetDataItemInput, 'date'> & { days: number })[]
}

/**
 * The analyst's presets (issue 23 §4) on the panels they chart (2, 3 and 6): one shared with the
 * organisation, one archived, one starred, one used by an alert, one with two data items
 * (advanced_analytics).
 */
export const DEMO_PRESETS: readonly PresetSeed[] = [
  {
    name: 'Download speed by ISP',
    tags: ['speed', 'isp'],
    starred: true,
    views: { count: 12, daysAgo: 1 },
    createdDaysAgo: 20,
    items: [
      {
        panel: 6,
        chartType: 'aggregate',
        metrics: [{ key: 'httpgetmt' }],
        splits: ['isp'],
        timeAggregation: 'daily',
        plotValue: 'median',
        days: 30,
      },
    ],
  },
  {
    name: 'Evening latency by hour',
    tags: ['latency'],
    views: { count: 3, daysAgo: 4 },
    createdDaysAgo: 15,
    items: [
      {
        panel: 3,
        chartType: 'column',
        metrics: [{ key: 'udpLatency' }],
        timeAggregation: 'hour_of_day',
        plotValue: 'perc_95',
        days: 30,
      },
    ],
  },
  {
    name: 'Download and upload, panels 2 and 3',
    tags: ['speed', 'comparison'],
    organisation: true,
    visibility: 'organisation',
    views: { count: 5, daysAgo: 2 },
    createdDaysAgo: 10,
    items: [
      {
        panel: 2,
        chartType: 'aggregate',
        metrics: [{ key: 'httpgetmt' }],
        timeAggregation: 'weekly',
        days: 60,
      },
      {
        panel: 3,
        chartType: 'aggregate',
        metrics: [{ key: 'httppostmt' }],
        timeAggregation: 'weekly',
        days: 60,
      },
    ],
  },
  {
    name: 'Packet loss, last quarter',
    tags: ['loss'],
    archived: true,
    createdDaysAgo: 60,
    items: [
      {
        panel: 2,
        chartType: 'boxplot',
        metrics: [{ key: 'udpPacketLoss' }],
        timeAggregation: 'monthly',
        days: 90,
      },
    ],
  },
  {
    name: 'Busy-hour download (alert)',
    tags: ['speed', 'alert'],
    alert: 'Evening download below 80% of package',
    createdDaysAgo: 5,
    items: [
      {
        panel: 6,
        chartType: 'time_series',
        metrics: [{ key: 'httpgetmt' }],
        timeAggregation: 'hourly',
        normalised: true,
        days: 7,
      },
    ],
  },
  {
    name: 'Web page load distribution',
    tags: ['web'],
    createdDaysAgo: 2,
    items: [
      {
        panel: 3,
        chartType: 'cdf',
        metrics: [{ key: 'web_page_load' }],
        timeAggregation: 'daily',
        days: 14,
      },
    ],
  },
]

const dayText = (at: Date) => at.toISOString().slice(0, 10)

/** Inserts the demo presets of analyst@example.com (after accounts and panels). */
export async function seedPresets(db: Db, now: Date): Promise<void> {
  const [analyst] = await db
    .select({ id: users.id, ownerId: users.ownerId, organisationOwnerId: organisations.ownerId })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.email, 'analyst@example.com'))
  if (!analyst?.ownerId || !analyst.organisationOwnerId) return
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS)
  for (const seed of DEMO_PRESETS) {
    const data = v.parse(
      PresetDataSchema,
      seed.items.map(({ days, ...item }) => ({
        ...item,
        date: { from: dayText(at(days)), to: dayText(now) },
      })),
    )
    const [row] = await db
      .insert(presets)
      .values({
        ownerId: seed.organisation ? analyst.organisationOwnerId : analyst.ownerId,
        name: seed.name,
        data,
        tags: seed.tags,
        visibility: seed.visibility ?? 'private',
        createdBy: analyst.id,
        archivedAt: seed.archived ? at(1) : null,
        viewCount: seed.views?.count ?? 0,
        createdAt: at(seed.createdDaysAgo),
        updatedAt: at(Math.max(0, seed.createdDaysAgo - 1)),
      })
      .returning({ id: presets.id })
    if (!row) continue
    if (seed.starred) await db.insert(presetStars).values({ userId: analyst.id, presetId: row.id })
    if (seed.alert)
      await db.insert(presetAlertUses).values({ presetId: row.id, alertName: seed.alert })
    if (seed.views) {
      await db.insert(presetViews).values({
        userId: analyst.id,
        presetId: row.id,
        count: seed.views.count,
        lastViewedAt: at(seed.views.daysAgo),
      })
    }
  }
}
