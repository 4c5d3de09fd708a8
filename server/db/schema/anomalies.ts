/** Anomaly collections and their anomalies over a panel's areas (seeds 001 §3; contracts/anomalies.ts). */
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core'
import type { TrendPoint } from '../../../contracts/anomalies.ts'
import { at } from './columns.ts'
import { panels } from './organisations.ts'

export const anomalyState = pgEnum('anomaly_state', ['new', 'ongoing', 'closed'])

/**
 * One area's problem: the anomalies of that area overlapping in time. `area` names the area
 * (its hub site, or the MAC domain of an outage) and with `first_seen` keys the collection, so
 * the detector's runs update the one they found before. `source` is who made it: the detector
 * (`detector`, which also closes it) or the outage reports of the unit page (`outage`).
 */
export const anomalyCollections = pgTable(
  'anomaly_collections',
  {
    id: serial('id').primaryKey(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.pid, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    source: text('source').notNull().default('detector'),
    state: anomalyState('state').notNull().default('new'),
    firstSeen: at('first_seen').notNull(),
    lastSeen: at('last_seen').notNull(),
    closedAt: at('closed_at'),
    /** hub_site, cmts_name, mac_domain. */
    metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
    /** Units in the area at the last detection. */
    units: integer('units').notNull().default(0),
  },
  (t) => [
    unique('anomaly_collections_key').on(t.panelId, t.area, t.firstSeen),
    index('anomaly_collections_inbox_idx').on(t.panelId, t.state, t.firstSeen),
  ],
)

/**
 * An anomaly over a panel's area (seeds 001 §3): one metric going wrong one way (its type) over
 * consecutive days; outages carry the MAC domain they hit in `metadata`. `value` and `baseline`
 * are the worst day's; `trend` the area's days around it.
 */
export const anomalies = pgTable(
  'anomalies',
  {
    id: serial('id').primaryKey(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.pid),
    collectionId: integer('collection_id').references(() => anomalyCollections.id, {
      onDelete: 'cascade',
    }),
    type: text('type').notNull(),
    metric: text('metric').notNull(),
    state: anomalyState('state').notNull().default('new'),
    firstSeen: at('first_seen').notNull(),
    lastSeen: at('last_seen'),
    closedAt: at('closed_at'),
    value: doublePrecision('value'),
    baseline: doublePrecision('baseline'),
    trend: jsonb('trend').$type<TrendPoint[]>().notNull().default([]),
    /** hub site, CMTS name, MAC domain. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('anomalies_panel_state_idx').on(t.panelId, t.state),
    unique('anomalies_collection_key').on(t.collectionId, t.type, t.metric),
  ],
)
