/**
 * The admin area's server contract (issue 25; seeds 001 §2.6, §3, §4, §5, §6, §7.3, §7.5, §8, §9):
 * the admin section permissions, agents (list, one, activation, metadata), users (list, one,
 * create, enable/disable, unlock, super admin), metadata fields and their CSV, and the pure rules
 * the server and the client share (username rule, user status, CSV parsing).
 */
import Papa from 'papaparse'
import * as v from 'valibot'
import { STAFF_ORGANISATION_ID } from './access.ts'
import { CommonCodes } from './errors.ts'
import { PAGE_SIZES, PaginationSchema, sortTexts } from './pagination.ts'
import { int4Id, storable, trimmedText } from './primitives.ts'

export { ADMIN_PERMISSION } from './admin-permissions.ts'

/** Admin codes beyond the common ones (seeds 001 §8). */
export const AdminCodes = {
  /** 202: the export is large; an email with the file follows (seeds 001 §7.5 CSV get). */
  EXPORTING_CSV: 'EXPORTING_CSV',
  /** 415: the upload is not CSV (seeds 001 §8 metadata CSV "unsupported format"). */
  UNSUPPORTED_FORMAT: 'UNSUPPORTED_FORMAT',
  /** 400: the CSV cannot be read or names unknown columns/units; `data.errors` has the lines. */
  INVALID_FILE: 'INVALID_FILE',
  /** 403: the account moved to another platform: no data subscriptions (seeds 001 §6). */
  USER_MIGRATED: 'USER_MIGRATED',
  /** 409: a feature would have more users than its subscription's seats; `data.features` names them. */
  SEATS_EXCEEDED: 'SEATS_EXCEEDED',
  /** 409, or a CSV line's code: activating this agent would pass the monthly activation allowance. */
  ALLOWANCE_EXCEEDED: 'ALLOWANCE_EXCEEDED',
} as const

// ---------------------------------------------------------------------------------------------
// Agents

/** Seeds 001 §9: 50 agents a page. */
export const ADMIN_AGENTS_PER_PAGE = PAGE_SIZES.agents

/** The columns the admin agents list sorts by. */
export const ADMIN_AGENT_SORT_FIELDS = [
  'agent_id',
  'mac',
  'serial_number',
  'state',
  'isp',
  'package',
  'country',
  'last_seen',
  'email',
] as const
export const DEFAULT_ADMIN_AGENT_SORT = 'agent_id'

/** Seeds 001 §3: agent base types. */
export const AgentBaseSchema = v.picklist(['mobile', 'unit', 'web'])
export const AgentStateSchema = v.picklist(['active', 'inactive'])
export type AgentState = v.InferOutput<typeof AgentStateSchema>

const nullableText = v.nullable(v.string())

/**
 * Seeds 001 §3 agent/unit table columns (the client chooses which to show), plus the search row's
 * owner (email, first and last name). Facts the platform does not record are null.
 */
export const AdminAgentRowSchema = v.object({
  agent_id: v.number(),
  agent_type: v.string(),
  unit_id: v.number(),
  mac: v.string(),
  state: AgentStateSchema,
  base: AgentBaseSchema,
  isp: nullableText,
  package: nullableText,
  country: nullableText,
  serial_number: v.string(),
  timezone: v.string(),
  last_seen: nullableText,
  connected: v.boolean(),
  ip: nullableText,
  wan_ip: nullableText,
  wan_ipv6: nullableText,
  lan_ip: nullableText,
  public_ip: nullableText,
  gateway_ip: nullableText,
  link_speed: nullableText,
  duplex: nullableText,
  gateway_mac: nullableText,
  firmware_version: nullableText,
  uptime: nullableText,
  router_mode: nullableText,
  mobile_id: nullableText,
  device_id: nullableText,
  manufacturer: nullableText,
  model: nullableText,
  group: nullableText,
  cpe_subscription: nullableText,
  is_cpe: v.boolean(),
  email: nullableText,
  first_name: nullableText,
  last_name: nullableText,
  lmap_config: v.optional(v.object({ schedule: v.string(), tests_per_day: v.number() })),
})
export type AdminAgentRow = v.InferOutput<typeof AdminAgentRowSchema>

export const AdminAgentPageSchema = v.object({
  data: v.array(AdminAgentRowSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type AdminAgentPage = v.InferOutput<typeof AdminAgentPageSchema>

/** One agent's admin view (seeds 001 §3): the row plus metadata, address and connections. */
export const AdminAgentDetailSchema = v.object({
  agent: AdminAgentRowSchema,
  /** The panel's metadata fields' values (key → value), hidden fields included. */
  metadata: v.record(v.string(), v.string()),
  /** Attributes the platform derives: technology, region, hub site, CMTS, MAC domain. */
  extended_metadata: v.record(v.string(), nullableText),
  address: v.nullable(
    v.object({
      line1: v.string(),
      line2: nullableText,
      line3: nullableText,
      city: v.string(),
      postcode: v.string(),
      country_id: v.nullable(v.number()),
    }),
  ),
  internet_connection: v.object({
    isp: nullableText,
    package: nullableText,
    download_kbps: v.nullable(v.number()),
    upload_kbps: v.nullable(v.number()),
    technology: nullableText,
  }),
  router_connection: v.object({
    router_mode: nullableText,
    gateway_ip: nullableText,
    gateway_mac: nullableText,
    link_speed: nullableText,
    duplex: nullableText,
  }),
})
export type AdminAgentDetail = v.InferOutput<typeof AdminAgentDetailSchema>

/** PUT …/agents/{id}/state (agents_manage). */
export const AgentStateUpdateSchema = v.strictObject({ state: AgentStateSchema })

/** A metadata field key: lower-case letters, digits and underscores, starting with a letter. */
export const METADATA_KEY = /^[a-z][a-z0-9_]{0,62}$/
/** Longest metadata value. */
export const METADATA_VALUE_MAX = 500

const metadataValue = v.pipe(v.string(), v.trim(), v.maxLength(METADATA_VALUE_MAX), storable())

/** PUT …/agents/{id}/metadata (metadata_manage): field key → value; an empty value clears it. */
export const AgentMetadataUpdateSchema = v.strictObject({
  metadata: v.pipe(
    v.record(v.pipe(v.string(), v.regex(METADATA_KEY)), metadataValue),
    v.check((record) => Object.keys(record).length <= 100, 'at most 100 fields at once'),
  ),
})

// ---------------------------------------------------------------------------------------------
// Users

/** Seeds 001 §3 user status values. */
export const USER_STATUSES = ['enabled', 'locked_out', 'password_expired', 'disabled'] as const
export type AdminUserStatus = (typeof USER_STATUSES)[number]

/** The facts a user's status is derived from. */
export type UserStatusFacts = {
  /** The stored account switch. */
  status: 'enabled' | 'disabled'
  /** An administrator's lock until, or null. */
  lockedUntil: Date | null
  permanentlyLocked: boolean
  /** Whether a wrong-password lock of any source holds now. */
  sourceLocked: boolean
  passwordChangedAt: Date
}

/**
 * Seeds 001 §3, §4: the one status shown for a user. Disabled wins (nothing else matters while it
 * holds), then locked out (an administrator's or a wrong-password lock), then password expired
 * (older than `expiryDays`; 0 turns expiry off), else enabled.
 */
export function userStatusOf(
  facts: UserStatusFacts,
  now: Date,
  expiryDays: number,
): AdminUserStatus {
  if (facts.status === 'disabled') return 'disabled'
  const adminLock =
    facts.permanentlyLocked || (facts.lockedUntil !== null && facts.lockedUntil > now)
  if (adminLock || facts.sourceLocked) return 'locked_out'
  if (expiryDays > 0) {
    const expires = facts.passwordChangedAt.getTime() + expiryDays * 86_400_000
    if (expires <= now.getTime()) return 'password_expired'
  }
  return 'enabled'
}

/** Seeds 001 §3 roles of an organisation user. */
export const AdminRoleSchema = v.picklist(['home_user', 'power_user', 'administrator'])
export type AdminRole = v.InferOutput<typeof AdminRoleSchema>

/**
 * Seeds 001 §5: a username has no spaces, numbers or capital letters. Null when `name` keeps the
 * rule, else the code. Applies only where a username exists: never to an email address.
 */
export function usernameProblem(name: string): 'MISSING' | 'INVALID' | null {
  if (name === '') return 'MISSING'
  if (/\s/u.test(name) || /\p{N}/u.test(name) || /\p{Lu}/u.test(name)) return 'INVALID'
  return null
}

/** Seeds 001 §9: users sort by email descending unless asked otherwise. */
export const ADMIN_USER_SORT_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'last_login',
  'created_at',
] as const
export const DEFAULT_ADMIN_USER_SORT = '-email'
export const ADMIN_USERS_PER_PAGE = 50

export const AdminUserRowSchema = v.object({
  id: v.number(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  enabled: v.boolean(),
  default_locale: nullableText,
  last_login: nullableText,
  super_admin: v.boolean(),
  failed_logins: v.number(),
  created_at: v.string(),
  panel: v.number(),
  user_status: v.picklist(USER_STATUSES),
  org_super_admin: v.boolean(),
})
export type AdminUserRow = v.InferOutput<typeof AdminUserRowSchema>

export const AdminUserPageSchema = v.object({
  data: v.array(AdminUserRowSchema),
  meta: v.object({ pagination: PaginationSchema }),
})

export const AdminUserDetailSchema = v.object({
  user: AdminUserRowSchema,
  role: AdminRoleSchema,
  /** The groups of the panel's data subscriptions the user is in, each with its subscription. */
  groups: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      data_subscription: v.object({ id: v.number(), name: v.string() }),
    }),
  ),
})
export type AdminUserDetail = v.InferOutput<typeof AdminUserDetailSchema>

const emailField = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(254),
  v.email(),
  storable(),
)

/** POST /panels/{pid}/users: a new user of the panel's organisation (no password: a set-password mail). */
export const AdminUserCreateSchema = v.strictObject({
  email: emailField,
  first_name: trimmedText(100),
  last_name: trimmedText(100),
  role: v.optional(AdminRoleSchema, 'home_user'),
})
export type AdminUserCreate = v.InferOutput<typeof AdminUserCreateSchema>

/** PUT /panels/{pid}/users/{id}/enabled. */
export const AdminUserEnabledSchema = v.strictObject({ enabled: v.boolean() })
/** PUT /panels/{pid}/users/{id}/super-admin (org_super_admin only). */
export const AdminUserSuperAdminSchema = v.strictObject({ super_admin: v.boolean() })
/** PUT /panels/{pid}/users/{id}/role: the user's role on the panel (its grants there). */
export const AdminUserRoleSchema = v.strictObject({ role: AdminRoleSchema })
/** POST /panels/{pid}/users/lookup: EMAIL_NOT_FOUND when no user of the organisation has it. */
export const AdminUserLookupSchema = v.strictObject({ email: emailField })

// ---------------------------------------------------------------------------------------------
// Metadata fields

export const METADATA_FORMATS = ['text', 'number', 'date', 'boolean'] as const
export const METADATA_USAGES = ['analysis', 'available', 'hidden'] as const

export const MetadataFieldSchema = v.object({
  id: v.number(),
  key: v.string(),
  display_name: v.string(),
  format: v.picklist(METADATA_FORMATS),
  usage: v.picklist(METADATA_USAGES),
})
export type MetadataField = v.InferOutput<typeof MetadataFieldSchema>

export const MetadataFieldCreateSchema = v.strictObject({
  key: v.pipe(v.string(), v.regex(METADATA_KEY)),
  display_name: trimmedText(100),
  format: v.picklist(METADATA_FORMATS),
  usage: v.optional(v.picklist(METADATA_USAGES), 'available'),
})
export const MetadataFieldUpdateSchema = v.strictObject({
  display_name: v.optional(trimmedText(100)),
  format: v.optional(v.picklist(METADATA_FORMATS)),
  usage: v.optional(v.picklist(METADATA_USAGES)),
})

/** Whether `value` fits a field's format (an empty value always does: it clears the field). */
export function metadataValueFits(format: MetadataField['format'], value: string): boolean {
  if (value === '') return true
  switch (format) {
    case 'text':
      return true
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value)
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    case 'boolean':
      return value === 'true' || value === 'false'
  }
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The MIME types a metadata or users CSV upload may carry (text/csv and what Excel sends). */
export const CSV_MIME_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const

/** Rows one upload may hold (the figure is 10,000; twice that is still one transaction). */
export const CSV_MAX_ROWS = 20_000

/** One line's problem in an uploaded CSV: the file's 1-based line, the column, a code. */
export type CsvLineError = { line: number; column?: string; code: string }

/** A parsed CSV: its header and rows (each with its 1-based line in the file). */
export type ParsedCsv = {
  header: string[]
  rows: { line: number; cells: Record<string, string> }[]
  errors: CsvLineError[]
}

/**
 * Seeds 001 §5 / issue 25: an uploaded CSV as spreadsheets save it — a UTF-8 BOM is dropped, the
 * delimiter is `;` or `,` (whichever the header line holds more of), blank lines are skipped,
 * cells are trimmed. Errors carry the file's line: a duplicate or empty header, a row with a
 * different number of cells, a quote left open, more than `maxRows` rows.
 */
export function parseCsv(text: string, maxRows: number = CSV_MAX_ROWS): ParsedCsv {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const firstLine = body.split(/\r?\n/, 1)[0] ?? ''
  const semicolons = firstLine.split(';').length
  const commas = firstLine.split(',').length
  const delimiter = semicolons > commas ? ';' : ','
  const result = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false })
  const errors: CsvLineError[] = []
  const lines = result.data
  // Papa's row index → the file's line: count the line breaks inside each earlier row's cells.
  const lineOf: number[] = []
  let line = 1
  for (const cells of lines) {
    lineOf.push(line)
    line += 1 + cells.reduce((sum, cell) => sum + (cell.match(/\r?\n/g)?.length ?? 0), 0)
  }
  for (const error of result.errors) {
    const row = error.row ?? 0
    errors.push({ line: lineOf[row] ?? row + 1, code: 'INVALID' })
  }
  const header = (lines[0] ?? []).map((cell) => cell.trim())
  if (header.length === 0 || header.every((cell) => cell === '')) {
    return { header: [], rows: [], errors: [{ line: 1, code: 'MISSING' }] }
  }
  header.forEach((name, index) => {
    if (name === '') errors.push({ line: 1, column: String(index + 1), code: 'MISSING' })
    else if (header.indexOf(name) !== index) errors.push({ line: 1, column: name, code: 'EXISTS' })
  })
  const rows: ParsedCsv['rows'] = []
  lines.slice(1).forEach((cells, index) => {
    const fileLine = lineOf[index + 1] ?? index + 2
    if (cells.every((cell) => cell.trim() === '')) return
    if (cells.length !== header.length) {
      errors.push({ line: fileLine, code: 'INVALID' })
      return
    }
    rows.push({
      line: fileLine,
      cells: Object.fromEntries(header.map((name, i) => [name, (cells[i] ?? '').trim()])),
    })
  })
  if (rows.length > maxRows) errors.push({ line: rows[maxRows]?.line ?? 1, code: 'LENGTH_MAX' })
  return { header, rows, errors }
}

/** The metadata CSV's unit column (the agent id). */
export const METADATA_CSV_ID_COLUMN = 'unit_id'

/** A metadata CSV's change to one unit. */
export type MetadataChange = { line: number; unitId: number; values: Record<string, string> }

/**
 * A metadata CSV's changes: `unit_id` plus one column per field key; every key must be one of
 * `fields` with a value of its format, every unit one of `units`. Errors carry line and column.
 */
export function metadataChangesOf(
  csv: ParsedCsv,
  fields: ReadonlyMap<string, MetadataField['format']>,
  units: ReadonlySet<number>,
): { changes: MetadataChange[]; errors: CsvLineError[] } {
  const errors: CsvLineError[] = [...csv.errors]
  if (csv.header.length > 0 && !csv.header.includes(METADATA_CSV_ID_COLUMN)) {
    // Without the id column no row names a unit: the header's error is the file's.
    errors.push({ line: 1, column: METADATA_CSV_ID_COLUMN, code: 'MISSING' })
    return { changes: [], errors }
  }
  const keys = csv.header.filter((name) => name !== METADATA_CSV_ID_COLUMN)
  for (const key of keys) {
    if (!fields.has(key)) errors.push({ line: 1, column: key, code: 'NOT_FOUND' })
  }
  const changes: MetadataChange[] = []
  const seen = new Set<number>()
  for (const row of csv.rows) {
    const idText = row.cells[METADATA_CSV_ID_COLUMN] ?? ''
    const unitId = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN
    if (!units.has(unitId)) {
      errors.push({
        line: row.line,
        column: METADATA_CSV_ID_COLUMN,
        code: idText === '' ? 'MISSING' : 'NOT_FOUND',
      })
      continue
    }
    if (seen.has(unitId)) {
      errors.push({ line: row.line, column: METADATA_CSV_ID_COLUMN, code: 'EXISTS' })
      continue
    }
    seen.add(unitId)
    const values: Record<string, string> = {}
    for (const key of keys) {
      const format = fields.get(key)
      const value = row.cells[key] ?? ''
      if (format === undefined) continue
      if (value.length > METADATA_VALUE_MAX || !metadataValueFits(format, value)) {
        errors.push({ line: row.line, column: key, code: 'INVALID' })
      } else values[key] = value
    }
    changes.push({ line: row.line, unitId, values })
  }
  return { changes, errors }
}

/** The answer of a CSV upload: a preview (dry run) or the applied changes, or the lines' errors. */
export const CsvUploadResultSchema = v.object({
  applied: v.boolean(),
  rows: v.number(),
  changes: v.array(
    v.object({ line: v.number(), unit_id: v.number(), values: v.record(v.string(), v.string()) }),
  ),
})

/** `?apply=true` applies an upload; without it the upload is a preview that changes nothing. */
export const CsvUploadQuerySchema = v.object({
  apply: v.optional(v.picklist(['true', 'false']), 'false'),
})

export const AdminPanelParamsSchema = v.object({
  pid: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), int4Id()),
})
export const AdminPanelItemParamsSchema = v.object({
  pid: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), int4Id()),
  id: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), int4Id()),
})

export const ADMIN_AGENT_SORT_TEXTS = sortTexts(ADMIN_AGENT_SORT_FIELDS)

// ---------------------------------------------------------------------------------------------
// Packages (manage_products)

/** Seeds 001 §9: 250 packages a page. */
export const ADMIN_PACKAGES_PER_PAGE = PAGE_SIZES.packages
export const ADMIN_PACKAGE_SORT_FIELDS = ['id', 'short_name', 'down_speed', 'up_speed'] as const

/** Seeds 001 §3 package: speeds in Mbps, limits in GB (null: unlimited). */
export const AdminPackageSchema = v.object({
  id: v.number(),
  short_name: v.string(),
  down_speed: v.number(),
  up_speed: v.number(),
  down_limit: v.nullable(v.number()),
  up_limit: v.nullable(v.number()),
  technology: v.nullable(v.string()),
  public: v.boolean(),
  isp: v.object({ id: v.number(), name: v.string() }),
})
export type AdminPackage = v.InferOutput<typeof AdminPackageSchema>

export const AdminPackagePageSchema = v.object({
  data: v.array(AdminPackageSchema),
  meta: v.object({ pagination: PaginationSchema }),
})

const speedMbps = v.pipe(v.number(), v.minValue(0.001), v.maxValue(1_000_000))
const limitGb = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)))

export const AdminPackageCreateSchema = v.strictObject({
  short_name: trimmedText(100),
  down_speed: speedMbps,
  up_speed: speedMbps,
  down_limit: v.optional(limitGb, null),
  up_limit: v.optional(limitGb, null),
  technology: v.optional(
    v.nullable(v.picklist(['dsl', 'cable', 'fibre', '4g', '5g', 'satellite', 'fixed_wireless'])),
    null,
  ),
  public: v.optional(v.boolean(), true),
})
export type AdminPackageCreate = v.InferOutput<typeof AdminPackageCreateSchema>
export const AdminPackageUpdateSchema = v.partial(AdminPackageCreateSchema)

// ---------------------------------------------------------------------------------------------
// Data subscriptions, feature subscriptions, groups (seeds 001 §2.6, §3; admin_users_manage, §6)

/** The features a data subscription may have (each with seats) and a group may give access to. */
export const DATA_SUBSCRIPTION_FEATURES = [
  'analytics',
  'advanced_analytics',
  'maps',
  'reports',
  'dashboards',
  'data_api',
  'anomaly_detection',
  'unit_search',
  'instant_tests',
] as const
export type DataSubscriptionFeature = (typeof DATA_SUBSCRIPTION_FEATURES)[number]
export const DataSubscriptionFeatureSchema = v.picklist(DATA_SUBSCRIPTION_FEATURES)

/** Seeds 001 §2.6 feature-subs: a feature of the subscription, its seats and how many are used. */
export const FeatureSubscriptionSchema = v.object({
  feature: DataSubscriptionFeatureSchema,
  seats: v.number(),
  /** Distinct users who reach the feature through one of the subscription's groups. */
  seats_used: v.number(),
})
export type FeatureSubscription = v.InferOutput<typeof FeatureSubscriptionSchema>

export const DataSubscriptionSchema = v.object({
  id: v.number(),
  name: v.string(),
  panel: v.number(),
  features: v.array(FeatureSubscriptionSchema),
  group_count: v.number(),
})
export type DataSubscription = v.InferOutput<typeof DataSubscriptionSchema>

export const DATA_SUBSCRIPTION_SORT_FIELDS = ['id', 'name'] as const
export const DEFAULT_DATA_SUBSCRIPTION_SORT = 'name'

export const DataSubscriptionPageSchema = v.object({
  data: v.array(DataSubscriptionSchema),
  meta: v.object({ pagination: PaginationSchema }),
})

export const SubscriptionGroupSchema = v.object({
  id: v.number(),
  name: v.string(),
  features: v.array(DataSubscriptionFeatureSchema),
  member_count: v.number(),
  created_at: v.string(),
})
export type SubscriptionGroup = v.InferOutput<typeof SubscriptionGroupSchema>

/** Seeds 001 §9: groups sort by name descending unless asked otherwise. */
export const SUBSCRIPTION_GROUP_SORT_FIELDS = ['id', 'name', 'created_at'] as const
export const DEFAULT_SUBSCRIPTION_GROUP_SORT = '-name'
export const SUBSCRIPTION_GROUPS_PER_PAGE = 50

export const SubscriptionGroupPageSchema = v.object({
  data: v.array(SubscriptionGroupSchema),
  meta: v.object({ pagination: PaginationSchema }),
})

/** Longest group name. */
export const GROUP_NAME_MAX = 100

/**
 * A group's name: required, at most GROUP_NAME_MAX characters once trimmed. A longer one is
 * refused as LENGTH_MAX with its limit (seeds 001 §8 group save errors), not as INVALID: the
 * issue's message names the code, which the server's error mapping reads.
 */
export const groupName = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.maxLength(GROUP_NAME_MAX, CommonCodes.LENGTH_MAX),
    storable(),
  )

const groupFeatures = v.pipe(
  v.array(DataSubscriptionFeatureSchema),
  v.maxLength(DATA_SUBSCRIPTION_FEATURES.length),
  v.check((list) => new Set(list).size === list.length, 'each feature once'),
)

/** POST …/data-subscriptions/{id}/groups: a group's name and the features its members get. */
export const SubscriptionGroupCreateSchema = v.strictObject({
  name: groupName(),
  features: v.optional(groupFeatures, []),
})
export type SubscriptionGroupCreate = v.InferOutput<typeof SubscriptionGroupCreateSchema>

/** PUT …/groups/{groupId}: rename and/or set the feature access (the whole list). */
export const SubscriptionGroupUpdateSchema = v.pipe(
  v.strictObject({
    name: v.optional(groupName()),
    features: v.optional(groupFeatures),
  }),
  v.check(
    (change) => change.name !== undefined || change.features !== undefined,
    'a name or the features',
  ),
)

/**
 * Seeds 001 §8 group save errors on features: each feature must be one the subscription has
 * (`features.<index>`: NOT_FOUND). Empty when the list is fine.
 */
export function groupFeatureErrors(
  features: readonly string[],
  subscribed: ReadonlySet<string>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  features.forEach((feature, index) => {
    if (!subscribed.has(feature)) errors[`features.${index}`] = ['NOT_FOUND']
  })
  return errors
}

/**
 * Seeds 001 §8 group save error on seats: the features a change would leave with more users than
 * seats (users: distinct users reaching the feature through any group of the subscription, before
 * and after the change), in catalogue order. Only features the change adds users to count, so a
 * subscription already over its seats (seats lowered later) can still shrink. A feature without
 * seats has 0.
 */
export function featuresOverSeats(
  seats: ReadonlyMap<string, number>,
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): string[] {
  const order = (feature: string) =>
    DATA_SUBSCRIPTION_FEATURES.indexOf(feature as DataSubscriptionFeature)
  return [...after]
    .filter(([feature, count]) => count > (before.get(feature) ?? 0))
    .filter(([feature, count]) => count > (seats.get(feature) ?? 0))
    .map(([feature]) => feature)
    .sort((a, b) => order(a) - order(b))
}

/** Seeds 001 §9: 25 data-subscription users a page, by email descending unless asked otherwise. */
export const DATA_SUBSCRIPTION_USERS_PER_PAGE = PAGE_SIZES.dataSubscriptionUsers
export const DATA_SUBSCRIPTION_USER_SORT_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
] as const
export const DEFAULT_DATA_SUBSCRIPTION_USER_SORT = '-email'

/** What `include` may add to a data-subscription user (seeds 001 §7.3). */
export const DATA_SUBSCRIPTION_USER_INCLUDES = ['groups', 'account_settings'] as const

/** Seeds 001 §3 data-subscription user: the user, their groups and account settings. */
export const DataSubscriptionUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  /** With include=groups: the subscription's groups the user is in, by name. */
  groups: v.optional(v.array(v.object({ id: v.number(), name: v.string() }))),
  /** With include=account_settings: the account's settings and organisation. */
  account_settings: v.optional(
    v.object({
      default_locale: nullableText,
      enabled: v.boolean(),
      organisation: v.object({ id: v.number(), name: v.string() }),
    }),
  ),
})
export type DataSubscriptionUser = v.InferOutput<typeof DataSubscriptionUserSchema>

export const DataSubscriptionUserPageSchema = v.object({
  data: v.array(DataSubscriptionUserSchema),
  meta: v.object({ pagination: PaginationSchema }),
})

const idParam = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), int4Id())

export const DataSubscriptionParamsSchema = v.object({ pid: idParam, id: idParam })
export const SubscriptionGroupParamsSchema = v.object({
  pid: idParam,
  id: idParam,
  groupId: idParam,
})
export const SubscriptionGroupMemberParamsSchema = v.object({
  pid: idParam,
  id: idParam,
  groupId: idParam,
  userId: idParam,
})

// ---------------------------------------------------------------------------------------------
// Audit log (issue 25): every admin change, viewable per user and per agent

export const AdminAuditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  /** The administrator (null once their account is gone). */
  actor_id: v.nullable(v.number()),
  /**
   * The administrator's email address: null once their account is gone, and never sent for an
   * administrator outside the panel's organisation (then `actor_role` says who they were).
   */
  actor_email: nullableText,
  /** Who an administrator outside the panel's organisation was, instead of their address. */
  actor_role: v.optional(v.nullable(v.picklist(['whitebox_staff', 'other_organisation']))),
  panel: v.nullable(v.number()),
  action: v.string(),
  target_type: v.string(),
  target_id: v.number(),
  before: v.unknown(),
  after: v.unknown(),
})
export type AdminAuditEntry = v.InferOutput<typeof AdminAuditEntrySchema>

export const AdminAuditPageSchema = v.object({
  data: v.array(AdminAuditEntrySchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export const ADMIN_AUDIT_PER_PAGE = 50

/** How an audit entry names its administrator to the viewer of a panel's audit log. */
export type AuditActorShown =
  { kind: 'email' } | { kind: 'role'; role: 'whitebox_staff' | 'other_organisation' }

/**
 * Issue 25: an audit entry shows its administrator's email only to the administrators of the
 * same organisation as the panel; anyone else (Whitebox staff, another organisation's admin, an
 * account of no organisation) is named by a role, and their address is never sent.
 */
export function auditActorShown(
  actorOrganisationId: number | null,
  panelOrganisationId: number | null,
): AuditActorShown {
  if (actorOrganisationId !== null && actorOrganisationId === panelOrganisationId) {
    return { kind: 'email' }
  }
  return {
    kind: 'role',
    role: actorOrganisationId === STAFF_ORGANISATION_ID ? 'whitebox_staff' : 'other_organisation',
  }
}

// ---------------------------------------------------------------------------------------------
// GDPR removal (seeds 001 §7.5 POST /gdpr-removal/{id}; org_super_admin or global access)

/**
 * The body of a removal: the user's id again. The client confirms twice; the server refuses a
 * body that names another user (`confirm`: INVALID), so a removal is never a slip of the path.
 */
export const GdprRemovalSchema = v.strictObject({ confirm: int4Id() })

/** The domain of the address a removed account is left with (`removed-{id}@removed.invalid`). */
export const REMOVED_EMAIL_DOMAIN = 'removed.invalid'

/** Whether an account's address says its personal data was removed. */
export function isRemovedEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${REMOVED_EMAIL_DOMAIN}`)
}

/** What a removal changed, per place (row counts only: no personal data). */
export const GdprRemovalResultSchema = v.object({
  data: v.object({ user_id: v.number(), removed: v.record(v.string(), v.number()) }),
})
export type GdprRemovalResult = v.InferOutput<typeof GdprRemovalResultSchema>

// ---------------------------------------------------------------------------------------------
// Agent activation: token (cpe_api_manage), export and bulk import (cpe_subscriptions_manage)

/** The panel's activation token as shown (never the token itself after it was first shown). */
export const AgentActivationTokenSchema = v.object({
  exists: v.boolean(),
  /** The token's last four characters. */
  hint: nullableText,
  created_at: nullableText,
  regenerated_at: nullableText,
})
export type AgentActivationToken = v.InferOutput<typeof AgentActivationTokenSchema>

/** POST …/agent-activation/token: generated (or regenerated: the old one stops working). */
export const AgentActivationTokenCreatedSchema = v.object({
  data: v.object({ token: AgentActivationTokenSchema, plain_token: v.string() }),
})

/** The activation CSV's columns: the agent (unit) id and the state it should be in. */
export const ACTIVATION_CSV_COLUMNS = ['unit_id', 'state'] as const

/** One agent's change of an activation import. */
export type ActivationChange = { line: number; unitId: number; state: AgentState }

/**
 * An activation import's changes (seeds 001 §2.6 bulk import): `unit_id` and `state` (active or
 * inactive) per line; every unit one of the panel's (`current`: unit id → active now), each once.
 * Lines that change nothing are counted, not changed. Activations beyond `remaining` (the monthly
 * activation allowance left) are refused at the first line over (ALLOWANCE_EXCEEDED).
 */
export function activationChangesOf(
  csv: ParsedCsv,
  current: ReadonlyMap<number, boolean>,
  remaining: number,
): { changes: ActivationChange[]; unchanged: number; errors: CsvLineError[] } {
  const errors: CsvLineError[] = [...csv.errors]
  const missing = ACTIVATION_CSV_COLUMNS.filter((column) => !csv.header.includes(column))
  if (csv.header.length > 0 && missing.length > 0) {
    for (const column of missing) errors.push({ line: 1, column, code: 'MISSING' })
    return { changes: [], unchanged: 0, errors }
  }
  const changes: ActivationChange[] = []
  const seen = new Set<number>()
  let unchanged = 0
  let activations = 0
  for (const row of csv.rows) {
    const idText = row.cells.unit_id ?? ''
    const unitId = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN
    const active = current.get(unitId)
    if (active === undefined) {
      const code = idText === '' ? 'MISSING' : 'NOT_FOUND'
      errors.push({ line: row.line, column: 'unit_id', code })
      continue
    }
    if (seen.has(unitId)) {
      errors.push({ line: row.line, column: 'unit_id', code: 'EXISTS' })
      continue
    }
    seen.add(unitId)
    const state = (row.cells.state ?? '').toLowerCase()
    if (state !== 'active' && state !== 'inactive') {
      errors.push({ line: row.line, column: 'state', code: state === '' ? 'MISSING' : 'INVALID' })
      continue
    }
    if ((state === 'active') === active) {
      unchanged += 1
      continue
    }
    if (state === 'active') {
      activations += 1
      if (activations > remaining) {
        errors.push({ line: row.line, column: 'state', code: AdminCodes.ALLOWANCE_EXCEEDED })
        continue
      }
    }
    changes.push({ line: row.line, unitId, state })
  }
  return { changes, unchanged, errors }
}

/** The answer of an activation import: a preview (dry run) or the applied changes. */
export const ActivationImportResultSchema = v.object({
  applied: v.boolean(),
  rows: v.number(),
  unchanged: v.number(),
  activations: v.number(),
  deactivations: v.number(),
  changes: v.array(v.object({ line: v.number(), unit_id: v.number(), state: AgentStateSchema })),
})
export type ActivationImportResult = v.InferOutput<typeof ActivationImportResultSchema>

// ---------------------------------------------------------------------------------------------
// Instant Test API usage (instant_test_api_manage)

export const INSTANT_TEST_API_USAGE_SORT_FIELDS = [
  'month',
  'token_name',
  'requests',
  'tests',
] as const
export const DEFAULT_INSTANT_TEST_API_USAGE_SORT = '-month'

/** A token's use of the Instant Test API in one month. */
export const InstantTestApiUsageSchema = v.object({
  token_id: v.number(),
  token_name: v.string(),
  /** YYYY-MM. */
  month: v.string(),
  requests: v.number(),
  tests: v.number(),
})
export type InstantTestApiUsage = v.InferOutput<typeof InstantTestApiUsageSchema>

export const InstantTestApiUsagePageSchema = v.object({
  data: v.array(InstantTestApiUsageSchema),
  meta: v.object({ pagination: PaginationSchema }),
})

/** A month filter, YYYY-MM. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

// ---------------------------------------------------------------------------------------------
// Autocomplete of metadata values (seeds 001 §7.5 POST /autocomplete/metadata/{panelId})

/** Unit attributes that are not custom fields but complete like them. */
export const AUTOCOMPLETE_ATTRIBUTES = ['region', 'hub_site', 'cmts_name', 'technology'] as const

/** At most this many values come back. */
export const AUTOCOMPLETE_LIMIT = 20

/** The key (a metadata field's or an attribute's) and what was typed (empty: the most used). */
export const AutocompleteMetadataSchema = v.strictObject({
  key: v.pipe(v.string(), v.regex(METADATA_KEY)),
  value: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100), storable()), ''),
})

export const AutocompleteMetadataResultSchema = v.object({ data: v.array(v.string()) })
