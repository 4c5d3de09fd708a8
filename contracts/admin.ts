/**
 * The admin area's server contract (issue 25; seeds 001 §2.6, §3, §4, §5, §6, §7.3, §7.5, §8, §9):
 * the admin section permissions, agents (list, one, activation, metadata), users (list, one,
 * create, enable/disable, unlock, super admin), metadata fields and their CSV, and the pure rules
 * the server and the client share (username rule, user status, CSV parsing).
 */
import Papa from 'papaparse'
import * as v from 'valibot'
import { PAGE_SIZES, PaginationSchema, sortTexts } from './pagination.ts'
import { int4Id, storable, trimmedText } from './primitives.ts'

/** Seeds 001 §6: the admin section permissions, granted under test-measurements (per panel). */
export const ADMIN_PERMISSION = {
  agentsView: 'agents_view',
  agentsManage: 'agents_manage',
  /** Under the Owner section, per owner: users section and data subscriptions. */
  orgSuperAdmin: 'org_super_admin',
  agentOwnersManage: 'agent_owners_manage',
  adminUsersManage: 'admin_users_manage',
  metadataManage: 'metadata_manage',
  cpeSubscriptionsManage: 'cpe_subscriptions_manage',
  cpeApiManage: 'cpe_api_manage',
  instantTestApiManage: 'instant_test_api_manage',
  manageProducts: 'manage_products',
  barcodeScanner: 'barcode_scanner',
} as const

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
  groups: v.array(v.object({ id: v.number(), name: v.string() })),
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
