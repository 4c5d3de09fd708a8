import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}
const at = (name: string) => timestamp(name, { withTimezone: true })

export const userStatus = pgEnum('user_status', ['enabled', 'disabled'])
export const userMigration = pgEnum('user_migration', ['none', 'notice', 'moved'])
export const localeCode = pgEnum('locale_code', ['en_GB', 'ar_SA', 'fr_CA'])
export const signupStatus = pgEnum('signup_status', [
  'signup',
  'waiting_list',
  'selected',
  'shipping',
])

/** Seeds 001 §7.1: presets and dashboards belong to an owner (a user's or an organisation's). */
export const owners = pgTable('owners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ...timestamps,
})

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ownerId: integer('owner_id').references(() => owners.id),
  ...timestamps,
})

export const panels = pgTable(
  'panels',
  {
    pid: serial('pid').primaryKey(),
    frontName: text('front_name').notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    ...timestamps,
  },
  (t) => [index('panels_organisation_idx').on(t.organisationId)],
)

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
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    lockoutCount: integer('lockout_count').notNull().default(0),
    permanentlyLocked: boolean('permanently_locked').notNull().default(false),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
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

/** A grant: resource + permission, scope null means everywhere (`true` in myGrants). */
export const grants = pgTable(
  'grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    permission: text('permission').notNull(),
    scope: jsonb('scope').$type<Record<string, number | string>>(),
  },
  (t) => [index('grants_user_idx').on(t.userId)],
)

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
})

export const isps = pgTable(
  'isps',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
  },
  (t) => [index('isps_country_idx').on(t.countryId)],
)

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    ispId: integer('isp_id')
      .notNull()
      .references(() => isps.id),
    name: text('name').notNull(),
    downloadKbps: integer('download_kbps').notNull(),
    uploadKbps: integer('upload_kbps').notNull(),
  },
  (t) => [index('packages_isp_idx').on(t.ispId)],
)

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    mac: text('mac').notNull().unique(),
    label: text('label').notNull(),
    panelId: integer('panel_id').references(() => panels.pid),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    isTtCompatible: boolean('is_tt_compatible').notNull().default(false),
    ispId: integer('isp_id').references(() => isps.id),
    packageId: integer('package_id').references(() => packages.id),
    ...timestamps,
  },
  (t) => [index('units_panel_idx').on(t.panelId)],
)

export const userUnits = pgTable(
  'user_units',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitId] })],
)

export const volunteerSignups = pgTable(
  'volunteer_signups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The study that recruited the volunteer: nz, au, om, sa or internal. */
    owner: text('owner').notNull(),
    status: signupStatus('status').notNull().default('signup'),
    countryId: integer('country_id').references(() => countries.id),
    ispId: integer('isp_id').references(() => isps.id),
    packageId: integer('package_id').references(() => packages.id),
    ...timestamps,
  },
  (t) => [index('volunteer_signups_user_idx').on(t.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** One family per login: every rotation of that login shares it, so reuse revokes them all. */
    family: uuid('family').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device'),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    ...timestamps,
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ...timestamps,
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)

export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  links: jsonb('links').$type<string[]>().notNull().default([]),
  sentAt: at('sent_at'),
  error: text('error'),
  ...timestamps,
})
