import * as v from 'valibot'

/**
 * Building blocks of the contracts for values that end up in PostgreSQL (issue 20): text it can
 * store, integers that fit its columns, JSON it can hold and we can serialise. Each refuses with an
 * ordinary valibot issue, so a bad value is a 400/422 VALIDATION_FAIL with the field's code
 * (INVALID), never a database error.
 */

/** PostgreSQL `integer` (int4) bounds. Every id column is int4 (see server/db/schema.ts). */
export const INT4_MIN = -2_147_483_648
export const INT4_MAX = 2_147_483_647

/**
 * Whether PostgreSQL can store a string as text: no NUL (text refuses it) and no lone surrogate
 * (it cannot be written as UTF-8). A loop rather than a regex: a lookbehind would not even parse
 * in some browsers the app supports.
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i)
    if (code === 0) return false
    if (code < 0xd800 || code > 0xdfff) continue
    // A high surrogate must be followed by a low one; a low one is only valid right after it.
    if (code > 0xdbff) return false
    const low = value.charCodeAt(i + 1)
    if (!(low >= 0xdc00 && low <= 0xdfff)) return false
    i += 1
  }
  return true
}

/** Pipe action: refuses NUL and lone surrogates (code INVALID). */
export const storable = () =>
  v.check<string, string>(isStorableText, 'text holds a NUL or a lone surrogate')

/** A string PostgreSQL can store, at most `max` characters (UTF-16 code units). */
export const text = (max: number) => v.pipe(v.string(), storable(), v.maxLength(max))

/**
 * Form text: trimmed, then at least `min` (LENGTH_MIN below) and at most `max` characters,
 * storable. `trimmedText(100)` is a required field, `trimmedText(100, 0)` may be blank.
 */
export const trimmedText = (max: number, min = 1) =>
  v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max), storable())

/** An integer that fits a PostgreSQL int4 column. */
export const int4 = () =>
  v.pipe(v.number(), v.integer(), v.minValue(INT4_MIN), v.maxValue(INT4_MAX))

/** A row id in a JSON body: a positive int4. */
export const int4Id = () => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INT4_MAX))

/**
 * An id in a path or query string: 1 to 10 ASCII digits, at most INT4_MAX, as a number. Zero is
 * let through (it names no row: 404 rather than 400, as before); "1e3", "-1", "０" are refused.
 */
export const int4IdParam = () =>
  v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), v.maxValue(INT4_MAX))

export type JsonBounds = {
  /** Deepest nesting of arrays and objects: `{}` and `[]` are depth 1, `{ a: [] }` depth 2. */
  depth: number
  /** Most values in all: every object, array, key and scalar counts one. */
  size: number
}

/**
 * Whether `value` is JSON within `bounds` that PostgreSQL's jsonb can hold: plain objects,
 * arrays, finite numbers, booleans, null, and storable strings and keys. Walked without
 * recursion, so a value nested thousands deep is refused, not a stack overflow.
 */
export function isBoundedJson(value: unknown, bounds: JsonBounds): boolean {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }]
  let count = 0
  while (stack.length > 0) {
    const next = stack.pop()
    if (!next) break
    const { item, depth } = next
    count += 1
    if (count > bounds.size) return false
    // undefined only comes from code, never from JSON: serialising drops it (or writes null).
    if (item === null || item === undefined || typeof item === 'boolean') continue
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return false
      continue
    }
    if (typeof item === 'string') {
      if (!isStorableText(item)) return false
      continue
    }
    if (typeof item !== 'object') return false
    if (depth + 1 > bounds.depth) return false
    if (Array.isArray(item)) {
      for (const child of item as unknown[]) stack.push({ item: child, depth: depth + 1 })
      continue
    }
    const prototype: unknown = Object.getPrototypeOf(item)
    if (prototype !== Object.prototype && prototype !== null) return false
    for (const [key, child] of Object.entries(item)) {
      count += 1
      if (!isStorableText(key)) return false
      stack.push({ item: child, depth: depth + 1 })
    }
  }
  return count <= bounds.size
}

/** Pipe action: the value is JSON within `bounds` (see isBoundedJson; code INVALID). */
export const jsonBounds = <T>(bounds: JsonBounds) =>
  v.check<T, string>(
    (value) => isBoundedJson(value, bounds),
    `JSON deeper than ${bounds.depth} or larger than ${bounds.size} values`,
  )

/** Free-form JSON within `bounds`: any JSON value. */
export const boundedJson = (bounds: JsonBounds) => v.pipe(v.unknown(), jsonBounds<unknown>(bounds))
