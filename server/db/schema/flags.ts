/** Feature flag settings (seeds 001 §3.4). */
import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at } from './columns.ts'
import { organisations, panels } from './organisations.ts'

/**
 * Seeds 001 §3.4: one stored setting of a feature flag — global (no organisation, no panel), for an
 * organisation, or for a panel; the most specific applies (contracts/flags.ts resolveFlags).
 */
export const featureFlagSettings = pgTable(
  'feature_flag_settings',
  {
    id: serial('id').primaryKey(),
    flag: text('flag').notNull(),
    organisationId: integer('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    panelId: integer('panel_id').references(() => panels.pid, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One setting per flag and place; NULLs equal, so there is one global setting per flag.
    unique('feature_flag_settings_place_key')
      .on(t.flag, t.organisationId, t.panelId)
      .nullsNotDistinct(),
    check(
      'feature_flag_settings_one_place',
      sql`${t.organisationId} IS NULL OR ${t.panelId} IS NULL`,
    ),
  ],
)
