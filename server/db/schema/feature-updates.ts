/** Product news of the feature-updates modal, and which of it each user has read. */
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'

export const featureUpdateType = pgEnum('feature_update_type', ['consumer', 'enterprise'])

/** Product news shown in the feature-updates modal; title and description per locale. */
export const featureUpdates = pgTable(
  'feature_updates',
  {
    id: serial('id').primaryKey(),
    type: featureUpdateType('type').notNull(),
    title: jsonb('title').$type<Record<'en_GB' | 'ar_SA' | 'fr_CA', string>>().notNull(),
    /** Sanitised HTML per locale. */
    description: jsonb('description')
      .$type<Record<'en_GB' | 'ar_SA' | 'fr_CA', string>>()
      .notNull(),
    /**
     * The apps of the navigation the update is about (src/lib/nav-links.ts ids, e.g.
     * `dashboard`, `constant-care`); null: news for everyone of its type. A user is shown it
     * only with one of those apps (issue 22: no news of features their view does not have).
     */
    apps: text('apps').array(),
    ...timestamps,
  },
  (t) => [index('feature_updates_type_idx').on(t.type, t.id)],
)

export const featureUpdateReads = pgTable(
  'feature_update_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    updateId: integer('update_id')
      .notNull()
      .references(() => featureUpdates.id, { onDelete: 'cascade' }),
    lastReadDate: at('last_read_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.updateId] })],
)
