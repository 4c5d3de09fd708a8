/** User accounts and what belongs to the account itself (locale, status, mail preferences). */
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, timestamps } from './columns.ts'
import { organisations, owners } from './organisations.ts'

export const userStatus = pgEnum('user_status', ['enabled', 'disabled'])
export const userMigration = pgEnum('user_migration', ['none', 'notice', 'moved'])
export const localeCode = pgEnum('locale_code', ['en_GB', 'ar_SA', 'fr_CA'])

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    sub: uuid('sub').notNull().unique().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: userStatus('status').notNull().default('enabled'),
    /**
     * An administrator's lock (the demo account `locked` is one): it refuses every sign-in and
     * renewal, from anywhere. Locks earned by wrong passwords are per source, in login_failures.
     */
    lockedUntil: at('locked_until'),
    permanentlyLocked: boolean('permanently_locked').notNull().default(false),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    /**
     * Access tokens issued before this second are refused (a password change or reset ended every
     * login); null: no access token was revoked.
     */
    tokensValidAfter: at('tokens_valid_after'),
    migration: userMigration('migration').notNull().default('none'),
    defaultLocale: localeCode('default_locale'),
    organisationId: integer('organisation_id').references(() => organisations.id),
    ownerId: integer('owner_id').references(() => owners.id),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    lastLoginAt: at('last_login_at'),
    ...timestamps,
  },
  (t) => [
    // Emails are unique whatever their case; lookups use lower(email) to hit this index.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_organisation_idx').on(t.organisationId),
  ],
)

/** Which mails a user gets, and a temporary pause of alerts (seeds 2.4). */
export const emailPreferences = pgTable('email_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  disconnectionAlerts: boolean('disconnection_alerts').notNull().default(true),
  performanceAlerts: boolean('performance_alerts').notNull().default(true),
  reportCards: boolean('report_cards').notNull().default(true),
  productNews: boolean('product_news').notNull().default(false),
  alertsPausedUntil: at('alerts_paused_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
})
