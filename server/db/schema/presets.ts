/** Presets of the analytics service: saved charts, their stars, views and alert uses (seeds 001 §3, §7.1). */
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core'
import type { PresetDataItem } from '../../../contracts/presets.ts'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'
import { owners } from './organisations.ts'

export const presetVisibility = pgEnum('preset_visibility', ['private', 'organisation'])

/**
 * One preset (contracts/presets.ts): owned by a user's or an organisation's owner; `data` holds
 * its data items (Chart forms with panel and display settings). Deleting sets `deleted_at` (undo
 * restores it); `version` goes up on every update (the If-Match precondition).
 */
export const presets = pgTable(
  'presets',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    data: jsonb('data').$type<PresetDataItem[]>().notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibility: presetVisibility('visibility').notNull().default('private'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    archivedAt: at('archived_at'),
    deletedAt: at('deleted_at'),
    version: integer('version').notNull().default(1),
    /** Every user's views (GET /presets/{id}); each user's own are in preset_views. */
    viewCount: integer('view_count').notNull().default(0),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('presets_owner_idx').on(t.ownerId),
    index('presets_created_by_idx').on(t.createdBy),
    check('presets_version_positive', sql`${t.version} >= 1`),
  ],
)

/** Seeds 001 §4 "starred": per user. */
export const presetStars = pgTable(
  'preset_stars',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    presetId: integer('preset_id')
      .notNull()
      .references(() => presets.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.presetId] }),
    index('preset_stars_preset_idx').on(t.presetId),
  ],
)

/** A user's views of a preset: how many and the last (the "recently viewed" sort). */
export const presetViews = pgTable(
  'preset_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    presetId: integer('preset_id')
      .notNull()
      .references(() => presets.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
    lastViewedAt: at('last_viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.presetId] }),
    index('preset_views_preset_idx').on(t.presetId),
  ],
)

/**
 * Seeds 001 §2.1: a preset used by an alert cannot be updated or deleted. The alerts themselves
 * come with the fault-finder issue; until then a use is the alert's name.
 */
export const presetAlertUses = pgTable(
  'preset_alert_uses',
  {
    presetId: integer('preset_id')
      .notNull()
      .references(() => presets.id, { onDelete: 'cascade' }),
    alertName: text('alert_name').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.presetId, t.alertName] })],
)
