/** Units (the devices), the countries, ISPs and packages they are on, and who owns them. */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'
import { panels } from './organisations.ts'

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
    /**
     * The serial number printed as a Code 128 barcode on the device's label (seeds 001 §2.4 scanner).
     * A serial, not the MAC: it survives a board swap and reads unambiguously (letters + digits are
     * never classified as an id, an email or a MAC).
     */
    serialNumber: text('serial_number').notNull().unique(),
    panelId: integer('panel_id').references(() => panels.pid),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    isTtCompatible: boolean('is_tt_compatible').notNull().default(false),
    ispId: integer('isp_id').references(() => isps.id),
    packageId: integer('package_id').references(() => packages.id),
    /** When the current ISP/package took effect (seeds 2.4 "change date"). */
    packageChangedAt: at('package_changed_at'),
    /** Last time the unit reported in; offline after 30 minutes (seeds 4.6). */
    lastSeen: at('last_seen'),
    /** Marked offline by an external system (seeds 4.6), with its message. */
    offlineExternally: boolean('offline_externally').notNull().default(false),
    offlineMessage: text('offline_message'),
    isUnreliable: boolean('is_unreliable').notNull().default(false),
    /** IANA zone of the installation (location.timezone). */
    timezone: text('timezone').notNull().default('UTC'),
    /** Installation address: line1, line2, line3, city, postcode, country_id. */
    address: jsonb('address').$type<UnitAddress>(),
    /** geo_data: latitude, longitude, accuracy in metres. */
    geoData: jsonb('geo_data').$type<UnitGeoData>(),
    /** environment: hardware, firmware version, connection type, mobile or fixed. */
    environment: jsonb('environment').$type<Record<string, string | number | boolean>>(),
    /** The cable operator's MAC domain, for area outages (seeds 000 §3 anomaliesInProgress). */
    macDomain: text('mac_domain'),
    ...timestamps,
  },
  (t) => [
    index('units_panel_idx').on(t.panelId),
    index('units_owner_idx').on(t.ownerUserId),
    // Serial prefix search (a label read in part): LIKE 'WB0001%' needs the pattern operator class.
    index('units_serial_number_pattern_idx').using('btree', t.serialNumber.op('text_pattern_ops')),
    // The agents table sorted by last seen, a page at a time (seeds 001 §4 unit search).
    index('units_panel_last_seen_idx').on(t.panelId, t.lastSeen.asc().nullsFirst(), t.id),
  ],
)

export type UnitAddress = {
  line1: string
  line2: string | null
  line3: string | null
  city: string
  postcode: string
  country_id: number | null
}
export type UnitGeoData = { latitude: number; longitude: number; accuracy: number | null }

/** Package changes of a unit, newest last (the broadband page's history and change date). */
export const unitPackageChanges = pgTable(
  'unit_package_changes',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    ispId: integer('isp_id').references(() => isps.id),
    packageId: integer('package_id').references(() => packages.id),
    changedAt: at('changed_at').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('unit_package_changes_unit_idx').on(t.unitId, t.changedAt)],
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
