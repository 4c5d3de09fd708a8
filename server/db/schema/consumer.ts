/** A unit's consumer configuration (seeds 7.4 consumer-config). */
import { boolean, integer, jsonb, pgTable } from 'drizzle-orm/pg-core'
import { units } from './units.ts'

/** Per-unit consumer configuration (seeds 7.4 consumer-config). */
export const consumerConfigs = pgTable('consumer_configs', {
  unitId: integer('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  hasRestrictedMetrics: boolean('has_restricted_metrics').notNull().default(false),
})
