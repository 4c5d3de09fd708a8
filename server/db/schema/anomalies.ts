/** Anomalies over a panel's area (seeds 001 §3). */
import { index, integer, jsonb, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { at } from './columns.ts'
import { panels } from './organisations.ts'

export const anomalyState = pgEnum('anomaly_state', ['new', 'ongoing', 'closed'])

/** An anomaly over a panel's area (seeds 001 §3); outages carry the MAC domain they hit. */
export const anomalies = pgTable(
  'anomalies',
  {
    id: serial('id').primaryKey(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.pid),
    type: text('type').notNull(),
    metric: text('metric').notNull(),
    state: anomalyState('state').notNull().default('new'),
    firstSeen: at('first_seen').notNull(),
    closedAt: at('closed_at'),
    /** hub site, CMTS name, MAC domain. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('anomalies_panel_state_idx').on(t.panelId, t.state)],
)
