/**
 * Malformed-request generators for server/test/fuzz.test.ts (fast-check arbitraries).
 *
 * A request is built from the route alone (path parameters by name, a generic query) or, when the
 * route's contract schema is known, from that valibot schema: a near-valid value is generated from
 * the schema's structure (objects, strings with their formats and lengths, numbers with their
 * bounds…) and then one or more of its leaves is replaced by a hostile value, so that the hostile
 * value gets past the other fields' checks and reaches the handler and the database.
 */
import fc from 'fast-check'
import * as v from 'valibot'

// ---- Hostile values -------------------------------------------------------------------------

/** JSON text inserted verbatim where a value goes (for what JSON.stringify cannot make). */
export class RawJson {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)

export const EVIL_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'a\udbff',
  '\udbff\udfff',
  '💩',
  'e\u0301',
  'مرحبا',
  '\u202etxt',
  '\ufeff',
  'a'.repeat(10_000),
  'ü'.repeat(3_000),
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '1e308',
  '-0',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '2147483648',
  '9999999999',
  '99999999999999999999',
  '１２３',
  '0x10',
  'true',
  'null',
  '__proto__',
  'constructor',
  '0000-01-01T00:00:00Z',
  '0000-01-01',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59Z',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  'a@b',
  'a\u0000@example.com',
  'x@example.com\u0000',
]

export const EVIL_NUMBERS: readonly number[] = [
  0, -0, -1, 1.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, 4_294_967_296,
  9_007_199_254_740_992, 1e21, 1e308, -1e308, 5e-324,
]

const EVIL_OTHER: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [1, 'a', null],
  { a: { b: { c: null } } },
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('9007199254740993'),
  new RawJson('{"__proto__":{"polluted":1}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":1}}}'),
  new RawJson('"\\ud800"'),
  new RawJson('"a\\u0000b"'),
  new RawJson('{"a\\u0000":1}'),
  new RawJson('{"\\udc00":"x"}'),
  deepArray(200),
  deepArray(5_000),
  deepObject(1_000),
  new RawJson(`[${'0,'.repeat(10_000)}0]`),
  new RawJson(`{${Array.from({ length: 2_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
]

/** Strings mixing NUL, lone surrogates and ordinary text. */
const brokenText = fc.string({
  unit: fc.constantFrom('a', ' ', 'é', '\u0000', '\ud800', '\udfff', '💩', '\n', '%'),
  minLength: 1,
  maxLength: 12,
})

export const evilString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EVIL_STRINGS) },
  { weight: 2, arbitrary: brokenText },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
)

export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: evilString },
  { weight: 3, arbitrary: fc.constantFrom(...EVIL_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...EVIL_OTHER) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

// ---- JSON text -------------------------------------------------------------------------------

/** JSON text of a generated value; RawJson parts are inserted as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`,
    )
    return `{${parts.join(',')}}`
  }
  if (value === undefined) return 'null'
  return JSON.stringify(value)
}

// ---- Near-valid values from a valibot schema -------------------------------------------------

/** What the generator reads of a valibot schema or action (its public, documented fields). */
type Node = {
  kind: string
  type: string
  pipe?: readonly Node[]
  entries?: Record<string, Node>
  item?: Node
  wrapped?: Node
  options?: readonly unknown[]
  literal?: unknown
  key?: Node
  value?: Node
  requirement?: unknown
}

const asNode = (schema: v.GenericSchema): Node => schema

/** The schema a value must finally match (the last schema of a pipe) and every action on the way. */
function resolve(node: Node): { base: Node; actions: Node[] } {
  const actions: Node[] = []
  let base = node
  const visit = (current: Node) => {
    if (!current.pipe) return
    current.pipe.forEach((item, index) => {
      if (item.kind === 'schema') {
        if (index > 0) base = item
        if (item !== current) visit(item)
      } else actions.push(item)
    })
  }
  visit(node)
  return { base, actions }
}

const REGEX_CANDIDATES = [
  '1',
  '2',
  '3',
  '7',
  '10',
  '42',
  '1000',
  'low',
  'abc',
  'a_b',
  'from-app',
  '12345',
  '12345-6789',
  'true',
  'false',
  '2026-01-15',
]

function requirementOf(actions: Node[], type: string): unknown {
  return actions.find((action) => action.type === type)?.requirement
}

function stringFor(actions: Node[]): fc.Arbitrary<string> {
  const has = (type: string) => actions.some((action) => action.type === type)
  if (has('email')) return fc.constantFrom('consumer@example.com', 'fuzz@example.org', 'a@b.co')
  if (has('uuid')) return fc.uuid()
  if (has('iso_date')) return fc.constantFrom('2026-01-15', '2025-12-31', '2024-02-29')
  if (has('iso_timestamp')) {
    return fc.constantFrom(
      '2026-01-01T00:00:00Z',
      '2026-01-10T12:00:00.000Z',
      '2025-12-01T00:00:00+02:00',
    )
  }
  const regex = requirementOf(actions, 'regex')
  if (regex instanceof RegExp) {
    const matching = REGEX_CANDIDATES.filter((candidate) => regex.test(candidate))
    if (matching.length > 0) return fc.constantFrom(...matching)
  }
  const min = Number(requirementOf(actions, 'min_length') ?? requirementOf(actions, 'length') ?? 0)
  const max = Number(requirementOf(actions, 'max_length') ?? requirementOf(actions, 'length') ?? 30)
  return fc.string({
    unit: 'grapheme-ascii',
    minLength: Math.max(min, 1),
    maxLength: Math.max(Math.min(max, 30), Math.max(min, 1)),
  })
}

function numberFor(actions: Node[]): fc.Arbitrary<number> {
  const min = Number(requirementOf(actions, 'min_value') ?? 0)
  const max = Number(requirementOf(actions, 'max_value') ?? 100)
  const low = Math.max(min, -1000)
  const high = Math.max(Math.min(max, low + 100), low)
  return actions.some((action) => action.type === 'integer')
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true })
}

const OPTIONAL_TYPES = new Set(['optional', 'nullish', 'exact_optional', 'undefinedable'])

/** A value the schema (nearly always) accepts: the base the mutations start from. */
export function validish(schema: v.GenericSchema, depth = 0): fc.Arbitrary<unknown> {
  return fromNode(asNode(schema), depth)
}

function fromNode(node: Node, depth: number): fc.Arbitrary<unknown> {
  const { base, actions } = resolve(node)
  if (depth > 6) return fc.constant(null)
  const next = (child: Node) => fromNode(child, depth + 1)
  switch (base.type) {
    case 'string':
      return stringFor(actions)
    case 'number':
      return numberFor(actions)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'literal':
      return fc.constant(base.literal)
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...(base.options ?? [null]))
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest': {
      const entries = base.entries ?? {}
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      const required: string[] = []
      for (const [key, entry] of Object.entries(entries)) {
        model[key] = next(entry)
        if (!OPTIONAL_TYPES.has(entry.type)) required.push(key)
      }
      return fc.record(model, { requiredKeys: required })
    }
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return base.wrapped ? fc.option(next(base.wrapped), { nil: undefined }) : fc.constant(null)
    case 'nullable':
    case 'nullish':
      return base.wrapped ? fc.option(next(base.wrapped), { nil: null }) : fc.constant(null)
    case 'array':
      return base.item ? fc.array(next(base.item), { maxLength: 3 }) : fc.constant([])
    case 'record':
      return base.value
        ? fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), next(base.value), {
            maxKeys: 3,
          })
        : fc.constant({})
    case 'union':
    case 'variant': {
      const options = (base.options ?? []) as Node[]
      return options.length > 0 ? fc.oneof(...options.map(next)) : fc.constant(null)
    }
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 })
    default:
      return evilValue
  }
}

// ---- Mutations -------------------------------------------------------------------------------

type Path = (string | number)[]

/** Paths of every leaf and container of a value (the root excluded). */
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push([...prefix, index])
      pathsOf(item, [...prefix, index], out)
    })
  } else if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key])
      pathsOf(item, [...prefix, key], out)
    }
  }
  return out
}

function cloneJson(value: unknown): unknown {
  if (value instanceof RawJson) return value
  if (Array.isArray(value)) return value.map(cloneJson)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, cloneJson(item)]))
  }
  return value
}

function containerAt(root: unknown, path: Path): Record<string | number, unknown> | null {
  let current: unknown = root
  for (const key of path) {
    if (current === null || typeof current !== 'object') return null
    current = (current as Record<string | number, unknown>)[key]
  }
  return current !== null && typeof current === 'object'
    ? (current as Record<string | number, unknown>)
    : null
}

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('replace'), pick: fc.nat(), value: evilValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete'), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra'),
      pick: fc.nat(),
      key: fc.oneof(evilString, fc.constantFrom('extra', 'id', 'user_id', 'isAdmin')),
      value: evilValue,
    }),
  },
)

/** `value` with the mutations applied at leaves chosen by their `pick`. */
export function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  let root = cloneJson(value)
  for (const change of mutations) {
    const paths = pathsOf(root)
    if (paths.length === 0) {
      if (change.kind === 'replace') root = cloneJson(change.value)
      continue
    }
    const path = paths[change.pick % paths.length] ?? []
    const parent = containerAt(root, path.slice(0, -1))
    const key = path[path.length - 1]
    if (!parent || key === undefined) continue
    if (change.kind === 'replace') parent[key] = cloneJson(change.value)
    else if (change.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1)
      else Reflect.deleteProperty(parent, key)
    } else if (!Array.isArray(parent)) {
      // An own property even for `__proto__`, as JSON.parse makes it.
      Object.defineProperty(parent, change.key, {
        value: cloneJson(change.value),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
  }
  return root
}

/** Values for a schema: some valid, most with hostile leaves, some wholly hostile. */
export function hostileFor(schema: v.GenericSchema): fc.Arbitrary<unknown> {
  const base = validish(schema)
  return fc.oneof(
    { weight: 2, arbitrary: base },
    {
      weight: 12,
      arbitrary: fc
        .tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([value, mutations]) => applyMutations(value, mutations)),
    },
    { weight: 2, arbitrary: evilValue },
  )
}

// ---- Whole bodies ----------------------------------------------------------------------------

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; payload: string }

const MALFORMED_JSON = [
  '',
  '{',
  '{"a":1',
  '{"a":1}}',
  '[1,2,]',
  "{'a':1}",
  '{"a":1}garbage',
  '\ufeff{}',
  'nul',
  '\u0000',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  '['.repeat(30_000),
  '"just a string"',
  'null',
  '0',
  'true',
]

/** Well-formed JSON objects nested deeper than any handler expects (within the body limits). */
const DEEP_JSON = [
  `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
  `{"a":${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}}`,
  `{"a":${'[{"b":'.repeat(1_500)}1${'}]'.repeat(1_500)}}`,
]

const RAW_BODIES: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...DEEP_JSON)
      .map((payload): Body => ({ kind: 'raw', contentType: 'application/json', payload })),
  },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...MALFORMED_JSON)
      .map((payload): Body => ({ kind: 'raw', contentType: 'application/json', payload })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          null,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/JSON',
          'application/vnd.api+json',
          'application/xml',
          'application/octet-stream',
          '',
          ';;;',
        ),
        fc.constantFrom('{"a":1}', 'a=1&b=%00', '--x\r\n\r\n--x--', '\u0000\u0001', '<a/>'),
      )
      .map(([contentType, payload]): Body => ({ kind: 'raw', contentType, payload })),
  },
)

/** A request body: from the route's schema when known, else from any contract schema or junk. */
export function bodyFor(
  schema: v.GenericSchema | undefined,
  anyContract: fc.Arbitrary<unknown>,
): fc.Arbitrary<Body> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((item): Body => ({ kind: 'json', value: item }))
  return fc.oneof(
    ...(schema ? [{ weight: 12, arbitrary: json(hostileFor(schema)) }] : []),
    { weight: schema ? 2 : 8, arbitrary: json(anyContract) },
    { weight: 2, arbitrary: json(evilValue) },
    { weight: 3, arbitrary: RAW_BODIES },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  )
}

// ---- Query strings and path parameters -------------------------------------------------------

/**
 * Percent-encodes text as a URL part. Unlike encodeURIComponent it also takes lone surrogates
 * (written as their WTF-8 bytes, as an attacker would send them).
 */
export function encodePart(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
    } else out += encodeURIComponent(char)
  }
  return out
}

/** Already-encoded hostile URL parts, sent as they are. */
const RAW_URL_PARTS = ['%', '%ZZ', '%00', '%C0%AF', '%ED%A0%80', '%FF', '..', '%2e%2e', '+', '%2F']

/** A value that is encoded, or a raw URL part. */
export type UrlPart = { raw: string }

const evilUrlPart: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 4, arbitrary: evilString.map((text) => ({ raw: encodePart(text) })) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS).map((raw) => ({ raw })) },
)

const part = (values: fc.Arbitrary<string>): fc.Arbitrary<UrlPart> =>
  values.map((text) => ({ raw: encodePart(text) }))

/** What the suite knows of the signed-in caller, to aim path parameters at real rows. */
export type Known = { userIds: number[]; subs: string[]; unitIds: number[] }

/** Values for a path parameter, chosen by its name. */
export function paramFor(name: string, known: Known): fc.Arbitrary<UrlPart> {
  const lower = name.toLowerCase()
  let plausible: fc.Arbitrary<string>
  if (lower === 'sub') plausible = fc.oneof(fc.constantFrom(...known.subs), fc.uuid())
  else if (lower === 'userid') plausible = fc.constantFrom(...known.userIds.map(String), '1')
  else if (lower === 'unitid') plausible = fc.constantFrom(...known.unitIds.map(String), '1')
  else if (lower === 'locale') plausible = fc.constantFrom('en-gb', 'ar', 'fr-ca', 'AR-sa')
  else if (lower.endsWith('id') && lower !== 'id' && !lower.startsWith('test')) {
    plausible = fc.integer({ min: 1, max: 300 }).map(String)
  } else if (lower === 'id') plausible = fc.integer({ min: 1, max: 300 }).map(String)
  else plausible = fc.oneof(fc.uuid(), fc.constantFrom('1', 'x'))
  return fc.oneof({ weight: 3, arbitrary: part(plausible) }, { weight: 2, arbitrary: evilUrlPart })
}

/** Query keys tried on every route, beside those of its schema. */
export const COMMON_QUERY_KEYS = [
  'page',
  'per_page',
  'sorts',
  'include',
  'type',
  'from',
  'to',
  'date',
  'metric',
  'id',
  'email',
  'mac',
  'serial',
  'searchTerm',
  'panelId',
  'query',
  'locale',
  'category',
  'country_id',
  'localTargetSetResultsOnly',
]

/** A query string (without `?`): near-valid for a known schema, else hostile values of common keys. */
export function queryFor(schema: v.GenericSchema | undefined): fc.Arbitrary<string> {
  const pairs = (entries: [string, unknown][]) =>
    entries
      .filter(([, value]) => value !== undefined)
      .flatMap(([key, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => {
          const text = typeof item === 'string' ? item : toJsonText(item)
          return `${encodePart(key)}=${encodePart(text)}`
        }),
      )
      .join('&')
  const generic = fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...COMMON_QUERY_KEYS) },
          { weight: 1, arbitrary: evilString },
        ),
        fc.oneof({ weight: 5, arbitrary: evilString }, { weight: 1, arbitrary: evilValue }),
      ),
      { maxLength: 4 },
    )
    .map(pairs)
  const raw = fc.constantFrom(...RAW_URL_PARTS, 'a[b]=1', 'page=1&page=2', '&&=&', '=%00')
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: generic },
    { weight: 1, arbitrary: raw },
  ]
  if (schema) {
    const fromSchema = hostileFor(schema).map((value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? pairs(Object.entries(value))
        : `q=${encodePart(typeof value === 'string' ? value : toJsonText(value))}`,
    )
    options.push({ weight: 8, arbitrary: fromSchema })
  }
  return fc.oneof(...options)
}
