/**
 * The admin area (issue 25): whether an agent is active, a panel's metadata fields (their values
 * live in unit_attributes.custom, which analytics reads), and the audit log of admin changes.
 */
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
