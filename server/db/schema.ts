import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
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

export const measurementStatus = pgEnum('measurement_status', [
  'OK',
  'NO_DATA',
  'DEVICE_CANT_RUN_TEST',
  'ERROR',
])
/** Who started a test: the unit's schedule, or an instant test from one of the seeds' origins. */
export const testOrigin = pgEnum('test_origin', [
  'scheduled',
  'web_app',
  'web_iframe',
  'ios_app',
  'android_app',
])
export const testKind = pgEnum('test_kind', ['scheduled', 'instant_test', 'instant_test_api'])

/**
 * One metric value of one test run. The busiest table by far: every query reads one unit's metric
 * over a time range, so (unit_id, metric_key, dtime) is the access path. The primary key holds
 * dtime so the table can become `PARTITION BY RANGE (dtime)` (monthly) without changing keys.
 */
export const measurements = pgTable(
  'measurements',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    metricKey: text('metric_key').notNull(),
    dtime: at('dtime').notNull(),
    /** Null when status is not OK (the seeds return those results as they are). */
    value: doublePrecision('value'),
    status: measurementStatus('status').notNull().default('OK'),
    /** Bytes the test moved (seeds: dataUsage.totalBytesProcessed). */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** Groups the metrics one run produced (the test result page is titled by it). */
    testId: uuid('test_id').notNull(),
    origin: testOrigin('origin').notNull().default('scheduled'),
    kind: testKind('kind').notNull().default('scheduled'),
    /** Whether the test ran against the unit's local target set (localTargetSetResultsOnly). */
    localTarget: boolean('local_target').notNull().default(true),
    target: text('target'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.dtime] }),
    index('measurements_unit_metric_time_idx').on(t.unitId, t.metricKey, t.dtime),
    index('measurements_test_idx').on(t.testId),
  ],
)

/** A period without connectivity; endDtime null means still in progress (seeds 3). */
export const disconnections = pgTable(
  'disconnections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    startDtime: at('start_dtime').notNull(),
    endDtime: at('end_dtime'),
    isUnreliable: boolean('is_unreliable').notNull().default(false),
  },
  (t) => [index('disconnections_unit_time_idx').on(t.unitId, t.startDtime)],
)

/** A scheduled test the unit did not run, and why. */
export const skippedTests = pgTable(
  'skipped_tests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    metricKey: text('metric_key').notNull(),
    dtime: at('dtime').notNull(),
    /** e.g. cross_traffic (the home was using the line), maintenance, target_unavailable. */
    reason: text('reason').notNull(),
  },
  (t) => [index('skipped_tests_unit_time_idx').on(t.unitId, t.dtime)],
)

export const anomalyState = pgEnum('anomaly_state', ['new', 'ongoing', 'closed'])

/** An anomaly over a panel's area (seeds 001 §3); outages carry the MAC domain they hit. */
export const anomalies = pgTable(
  'anomalies',
  {
    id: serial('id').primaryKey(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.pid),
    type: text('type').notNull(),
    metric: text('metric').notNull(),
    state: anomalyState('state').notNull().default('new'),
    firstSeen: at('first_seen').notNull(),
    closedAt: at('closed_at'),
    /** hub site, CMTS name, MAC domain. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('anomalies_panel_state_idx').on(t.panelId, t.state)],
)

/** Per-unit consumer configuration (seeds 7.4 consumer-config). */
export const consumerConfigs = pgTable('consumer_configs', {
  unitId: integer('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  hasRestrictedMetrics: boolean('has_restricted_metrics').notNull().default(false),
})

export const instantTestStatus = pgEnum('instant_test_status', ['running', 'succeeded', 'failed'])

/** One instant test; its results go to measurements with the same test_id. */
export const instantTests = pgTable(
  'instant_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    origin: testOrigin('origin').notNull().default('web_app'),
    kind: testKind('kind').notNull().default('instant_test'),
    status: instantTestStatus('status').notNull().default('running'),
    /** The seeds' 8.4 code of a failure. */
    code: text('code'),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('instant_tests_unit_idx').on(t.unitId, t.startedAt),
    // At most one running test per unit, enforced by the database as well as the service.
    uniqueIndex('instant_tests_one_running_idx')
      .on(t.unitId)
      .where(sql`status = 'running'`),
  ],
)

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

/** A support request (help centre requests/new and settings contact), seeds 3. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    priority: text('priority').notNull().default('low'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Where it was sent from: the settings contact form or the help centre's requests/new. */
    source: text('source').notNull().default('contact'),
    ...timestamps,
  },
  (t) => [index('support_requests_user_idx').on(t.userId)],
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
    region: text('region'),
    city: text('city'),
    postcode: text('postcode'),
    mobileNumber: text('mobile_number'),
    fibreAvailability: boolean('fibre_availability'),
    /** null with ispOther null = "I don't know" (-1); null with ispOther set = other (0). */
    ispId: integer('isp_id').references(() => isps.id),
    ispOther: text('isp_other'),
    packageId: integer('package_id').references(() => packages.id),
    packageOther: text('package_other'),
    /** Language of the application, with an underscore (en_GB, ar_SA, fr_CA). */
    locale: text('locale').notNull().default('en_GB'),
    /** The Saudi study's addresses (seeds 000 §3); null for the standard form. */
    installationAddress: jsonb('installation_address').$type<SignupAddress>(),
    deliveryAddress: jsonb('delivery_address').$type<SignupAddress>(),
    agreedAt: at('agreed_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('volunteer_signups_user_idx').on(t.userId)],
)

export type SignupAddress = {
  line1: string
  line2: string | null
  line3: string | null
  city: string
  postcode: string
  country_id: number
  phone: string | null
}

/**
 * Help centre content (a subset of the Zendesk Help Center shape): one row per item and locale,
 * the id shared by every translation as in Zendesk. Locales are Zendesk codes: en-gb, ar, fr-ca.
 */
export const hcCategories = pgTable(
  'hc_categories',
  {
    id: integer('id').notNull(),
    locale: text('locale').notNull(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.id, t.locale] })],
)

export const hcSections = pgTable(
  'hc_sections',
  {
    id: integer('id').notNull(),
    locale: text('locale').notNull(),
    categoryId: integer('category_id').notNull(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.id, t.locale] }),
    index('hc_sections_category_idx').on(t.categoryId, t.locale),
  ],
)

export const hcArticles = pgTable(
  'hc_articles',
  {
    id: integer('id').notNull(),
    locale: text('locale').notNull(),
    sectionId: integer('section_id').notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    labelNames: jsonb('label_names').$type<string[]>().notNull().default([]),
    promoted: boolean('promoted').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.id, t.locale] }),
    index('hc_articles_section_idx').on(t.sectionId, t.locale),
  ],
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
    /** The end of the login whatever its renewals (LOGIN_MAX_AGE_SECONDS after the sign-in). */
    familyExpiresAt: at('family_expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    ...timestamps,
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

/**
 * Wrong passwords per account and source (the client address, or the login a device proved it
 * holds): a lock earned here refuses that account from that source only, so nobody can lock an
 * owner out by knowing the email. A password reset deletes every row of the user.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    lockoutCount: integer('lockout_count').notNull().default(0),
    permanentlyLocked: boolean('permanently_locked').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source] })],
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
