/**
 * The admin area (issue 25): whether an agent is active, a panel's metadata fields (their values
 * live in unit_attributes.custom, which analytics reads), the audit log of admin changes, data
 * subscriptions with their feature subscriptions and groups, the agent-activation token and the
 * Instant Test API's usage.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'
import { panels } from './organisations.ts'
import { packages, units } from './units.ts'

/** Seeds 001 §4: an agent is active or inactive; a unit without a row is active. */
export const agentStates = pgTable('agent_states', {
  unitId: integer('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  changedAt: at('changed_at').notNull().defaultNow(),
  changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
})

export const metadataFormat = pgEnum('metadata_format', ['text', 'number', 'date', 'boolean'])
export const metadataUsage = pgEnum('metadata_usage', ['analysis', 'available', 'hidden'])

/** Seeds 001 §3 metadata field of a panel: id, display name, format, usage. */
export const metadataFields = pgTable(
  'metadata_fields',
  {
    id: serial('id').primaryKey(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.pid, { onDelete: 'cascade' }),
    /** The key in unit_attributes.custom (analytics' `custom:<key>`). */
    key: text('key').notNull(),
    displayName: text('display_name').notNull(),
    format: metadataFormat('format').notNull().default('text'),
    usage: metadataUsage('usage').notNull().default('available'),
    ...timestamps,
  },
  (t) => [uniqueIndex('metadata_fields_panel_key_idx').on(t.panelId, t.key)],
)

/**
 * Every admin change (issue 25): who, when, what, before and after. Targets are named by type and
 * id only (never a personal field), so a GDPR removal leaves the log as it is.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    panelId: integer('panel_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    ...timestamps,
  },
  (t) => [index('admin_audit_target_idx').on(t.targetType, t.targetId, t.createdAt)],
)

/**
 * What the admin's package form adds to a package (seeds 001 §3 package): technology, public
 * flag and the down/up data limits in GB (null: unlimited). A package without a row is public
 * with no technology and no limits.
 */
export const packageDetails = pgTable('package_details', {
  packageId: integer('package_id')
    .primaryKey()
    .references(() => packages.id, { onDelete: 'cascade' }),
  technology: text('technology'),
  public: boolean('public').notNull().default(true),
  downloadLimitGb: integer('download_limit_gb'),
  uploadLimitGb: integer('upload_limit_gb'),
})

/**
 * Seeds 001 §2.6, §3: a data subscription of an organisation to one of its panels' data. Its
 * feature subscriptions say which features it has and for how many users (seats); its groups
 * give their members access to some of those features.
 */
export const dataSubscriptions = pgTable(
  'data_subscriptions',
  {
    id: serial('id').primaryKey(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.pid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('data_subscriptions_panel_idx').on(t.panelId)],
)

/** Seeds 001 §2.6 feature-subs: one feature of a data subscription and its seats (users). */
export const featureSubscriptions = pgTable(
  'feature_subscriptions',
  {
    dataSubscriptionId: integer('data_subscription_id')
      .notNull()
      .references(() => dataSubscriptions.id, { onDelete: 'cascade' }),
    /** contracts/admin.ts DATA_SUBSCRIPTION_FEATURES. */
    feature: text('feature').notNull(),
    seats: integer('seats').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dataSubscriptionId, t.feature] })],
)

/** Seeds 001 §3 group: a named set of a data subscription's users with feature access. */
export const subscriptionGroups = pgTable(
  'subscription_groups',
  {
    id: serial('id').primaryKey(),
    dataSubscriptionId: integer('data_subscription_id')
      .notNull()
      .references(() => dataSubscriptions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  // One name per subscription whatever its case (the save error EXISTS).
  (t) => [
    uniqueIndex('subscription_groups_name_idx').on(t.dataSubscriptionId, sql`lower(${t.name})`),
  ],
)

/** The features a group's members may use (each one its subscription has). */
export const subscriptionGroupFeatures = pgTable(
  'subscription_group_features',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => subscriptionGroups.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.feature] })],
)

/** A group's members (users of the subscription's organisation). */
export const subscriptionGroupMembers = pgTable(
  'subscription_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => subscriptionGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('subscription_group_members_user_idx').on(t.userId),
  ],
)

/**
 * Seeds 001 §2.6 agent-activation token (cpe_api_manage): the panel's secret that its agents
 * present to activate themselves; stored hashed, shown once when generated or regenerated.
 */
export const agentActivationTokens = pgTable('agent_activation_tokens', {
  panelId: integer('panel_id')
    .primaryKey()
    .references(() => panels.pid, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The plain token's last four characters, to tell tokens apart on screen. */
  hint: text('hint').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  regeneratedAt: at('regenerated_at'),
  ...timestamps,
})

/**
 * Seeds 001 §2.6 instant-test-api-usage: the Instant Test API's use per token and month, counted
 * by that API when it comes (a later issue); until then the section shows this table, empty. The
 * token's name is kept with its usage so the figures outlive a deleted token.
 */
export const instantTestApiUsage = pgTable(
  'instant_test_api_usage',
  {
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.pid, { onDelete: 'cascade' }),
    tokenId: integer('token_id').notNull(),
    tokenName: text('token_name').notNull(),
    /** The first day of the month (UTC). */
    month: date('month').notNull(),
    requests: integer('requests').notNull().default(0),
    tests: integer('tests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.panelId, t.tokenId, t.month] })],
)
