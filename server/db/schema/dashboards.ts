/** Dashboards and reports of the analytics service (seeds 001 §2.2, §3 Dashboard, §7.1). */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type {
  DashboardType,
  ReportContents,
  WarboardContents,
} from '../../../contracts/dashboards.ts'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'
import { owners } from './organisations.ts'

/**
 * One warboard or report (contracts/dashboards.ts): owned by a user's or an organisation's owner;
 * `public` shares an organisation's one with every member. `contents` holds the graphs (a
 * warboard's children) or components (a report's); `version` goes up on every update (If-Match).
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<DashboardType>().notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    public: boolean('public').notNull().default(false),
    contents: jsonb('contents').$type<WarboardContents | ReportContents>().notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('dashboards_owner_idx').on(t.ownerId),
    check('dashboards_type_known', sql`${t.type} IN ('warboard', 'report')`),
    check('dashboards_version_positive', sql`${t.version} >= 1`),
  ],
)
