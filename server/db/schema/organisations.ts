/** Owners, organisations and their panels (seeds 001 §1, §7.1). */
import { customType, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { at, timestamps } from './columns.ts'

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

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/** A panel's logo (contracts/panel-logo.ts): one per panel, the image's bytes as uploaded. */
export const panelLogos = pgTable('panel_logos', {
  panelId: integer('panel_id')
    .primaryKey()
    .references(() => panels.pid, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  image: bytea('image').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})
