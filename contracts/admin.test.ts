import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  activationChangesOf,
  groupName,
  isRemovedEmail,
  featuresOverSeats,
  groupFeatureErrors,
  metadataChangesOf,
  metadataValueFits,
  parseCsv,
  usernameProblem,
  userStatusOf,
  type MetadataField,
  type UserStatusFacts,
} from './admin.ts'

describe('usernameProblem (seeds 001 §5: no spaces, numbers or capitals)', () => {
  it.each([
    ['jane', null],
    ['jane_doe', null],
    ['jane.doe', null],
    ['zoë', null],
    ['', 'MISSING'],
    ['jane doe', 'INVALID'],
    ['jane\tdoe', 'INVALID'],
    ['jane2', 'INVALID'],
    ['Jane', 'INVALID'],
    ['janÉ', 'INVALID'],
    ['jane٣', 'INVALID'],
  ])('%j → %s', (name, expected) => {
    expect(usernameProblem(name)).toBe(expected)
  })
})

describe('userStatusOf (seeds 001 §3, §4)', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const base: UserStatusFacts = {
    status: 'enabled',
    lockedUntil: null,
    permanentlyLocked: false,
    sourceLocked: false,
    passwordChangedAt: new Date('2026-05-01T00:00:00Z'),
  }
  const old = new Date('2025-01-01T00:00:00Z')
  it.each<[string, Partial<UserStatusFacts>, number, string]>([
    ['fresh', {}, 90, 'enabled'],
    [
      'disabled wins over everything',
      { status: 'disabled', permanentlyLocked: true, passwordChangedAt: old },
      90,
      'disabled',
    ],
    ['admin lock in force', { lockedUntil: new Date('2026-06-01T13:00:00Z') }, 90, 'locked_out'],
    ['admin lock over', { lockedUntil: new Date('2026-06-01T11:00:00Z') }, 90, 'enabled'],
    ['permanent lock', { permanentlyLocked: true }, 90, 'locked_out'],
    ['wrong-password lock', { sourceLocked: true }, 90, 'locked_out'],
    ['lock wins over expiry', { sourceLocked: true, passwordChangedAt: old }, 90, 'locked_out'],
    ['expired password', { passwordChangedAt: old }, 90, 'password_expired'],
    [
      'expiry exactly now',
      { passwordChangedAt: new Date(now.getTime() - 90 * 86_400_000) },
      90,
      'password_expired',
    ],
    [
      'a second before expiry',
      { passwordChangedAt: new Date(now.getTime() - 90 * 86_400_000 + 1000) },
      90,
      'enabled',
    ],
    ['expiry off', { passwordChangedAt: old }, 0, 'enabled'],
  ])('%s', (_name, facts, days, expected) => {
    expect(userStatusOf({ ...base, ...facts }, now, days)).toBe(expected)
  })
})

describe('metadataValueFits', () => {
  it.each<[MetadataField['format'], string, boolean]>([
    ['text', 'anything at all', true],
    ['number', '12', true],
    ['number', '-1.5', true],
    ['number', '1e3', false],
    ['number', 'twelve', false],
    ['date', '2026-02-28', true],
    ['date', '2026-13-01', false],
    ['date', '28/02/2026', false],
    ['boolean', 'true', true],
    ['boolean', 'yes', false],
    ['number', '', true],
  ])('%s %j → %s', (format, value, expected) => {
    expect(metadataValueFits(format, value)).toBe(expected)
  })
})

describe('parseCsv (what spreadsheets save)', () => {
  it('reads commas with CRLF', () => {
    const csv = parseCsv('unit_id,hub\r\n1,North\r\n2,South\r\n')
    expect(csv.errors).toEqual([])
    expect(csv.header).toEqual(['unit_id', 'hub'])
    expect(csv.rows).toEqual([
      { line: 2, cells: { unit_id: '1', hub: 'North' } },
      { line: 3, cells: { unit_id: '2', hub: 'South' } },
    ])
  })
  it('drops a UTF-8 BOM and reads semicolons (Excel in a comma-decimal locale)', () => {
    const csv = parseCsv('\uFEFFunit_id;hub;note\n1;North;a, b\n')
    expect(csv.errors).toEqual([])
    expect(csv.header).toEqual(['unit_id', 'hub', 'note'])
    expect(csv.rows[0]?.cells).toEqual({ unit_id: '1', hub: 'North', note: 'a, b' })
  })
  it('keeps quoted cells with delimiters and line breaks, counting file lines', () => {
    const csv = parseCsv('unit_id,note\n1,"two\nlines"\n2,"say ""hi"""\nx\n')
    expect(csv.rows[0]?.cells.note).toBe('two\nlines')
    expect(csv.rows[1]).toEqual({ line: 4, cells: { unit_id: '2', note: 'say "hi"' } })
    // The short row is on line 5 of the file.
    expect(csv.errors).toEqual([{ line: 5, code: 'INVALID' }])
  })
  it('skips blank lines, refuses duplicate and empty headers and an empty file', () => {
    expect(parseCsv('unit_id,hub\n\n1,North\n').rows).toHaveLength(1)
    expect(parseCsv('unit_id,hub,hub\n').errors).toEqual([
      { line: 1, column: 'hub', code: 'EXISTS' },
    ])
    expect(parseCsv('unit_id,,hub\n').errors).toEqual([{ line: 1, column: '2', code: 'MISSING' }])
    expect(parseCsv('').errors).toEqual([{ line: 1, code: 'MISSING' }])
  })
  it('refuses more rows than allowed', () => {
    const csv = parseCsv('unit_id\n1\n2\n3\n', 2)
    expect(csv.errors).toEqual([{ line: 4, code: 'LENGTH_MAX' }])
  })
})

describe('metadataChangesOf', () => {
  const fields = new Map<string, MetadataField['format']>([
    ['hub', 'text'],
    ['floor', 'number'],
  ])
  const units = new Set([1, 2, 3])
  it('turns rows into changes', () => {
    const result = metadataChangesOf(parseCsv('unit_id,hub,floor\n1,North,2\n2,,\n'), fields, units)
    expect(result.errors).toEqual([])
    expect(result.changes).toEqual([
      { line: 2, unitId: 1, values: { hub: 'North', floor: '2' } },
      { line: 3, unitId: 2, values: { hub: '', floor: '' } },
    ])
  })
  it.each([
    ['no unit_id column', 'hub\nNorth\n', [{ line: 1, column: 'unit_id', code: 'MISSING' }]],
    [
      'an unknown field',
      'unit_id,colour\n1,red\n',
      [{ line: 1, column: 'colour', code: 'NOT_FOUND' }],
    ],
    [
      'a unit of another panel',
      'unit_id,hub\n9,North\n',
      [{ line: 2, column: 'unit_id', code: 'NOT_FOUND' }],
    ],
    ['a unit twice', 'unit_id,hub\n1,a\n1,b\n', [{ line: 3, column: 'unit_id', code: 'EXISTS' }]],
    ['an empty id', 'unit_id,hub\n,a\n', [{ line: 2, column: 'unit_id', code: 'MISSING' }]],
    [
      'a value of the wrong format',
      'unit_id,floor\n1,two\n',
      [{ line: 2, column: 'floor', code: 'INVALID' }],
    ],
  ])('%s', (_name, text, errors) => {
    expect(metadataChangesOf(parseCsv(text), fields, units).errors).toEqual(errors)
  })
})

describe('groupFeatureErrors (seeds 001 §8 group save errors)', () => {
  const subscribed = new Set(['analytics', 'maps'])
  it.each<[string[], Record<string, string[]>]>([
    [[], {}],
    [['analytics', 'maps'], {}],
    [['reports'], { 'features.0': ['NOT_FOUND'] }],
    [
      ['maps', 'data_api', 'analytics', 'reports'],
      { 'features.1': ['NOT_FOUND'], 'features.3': ['NOT_FOUND'] },
    ],
  ])('%j → %j', (features, expected) => {
    expect(groupFeatureErrors(features, subscribed)).toEqual(expected)
  })
})

describe('featuresOverSeats (seats per feature)', () => {
  const seats = new Map([
    ['analytics', 2],
    ['maps', 1],
  ])
  const m = (entries: [string, number][]) => new Map(entries)
  it.each<[string, Map<string, number>, Map<string, number>, string[]]>([
    [
      'within seats',
      m([]),
      m([
        ['analytics', 2],
        ['maps', 1],
      ]),
      [],
    ],
    ['one over', m([['analytics', 2]]), m([['analytics', 3]]), ['analytics']],
    ['a feature without seats', m([]), m([['reports', 1]]), ['reports']],
    ['already over and shrinking', m([['analytics', 5]]), m([['analytics', 4]]), []],
    ['already over and unchanged', m([['analytics', 5]]), m([['analytics', 5]]), []],
    ['already over and growing', m([['analytics', 5]]), m([['analytics', 6]]), ['analytics']],
    [
      'catalogue order',
      m([]),
      m([
        ['maps', 2],
        ['analytics', 3],
      ]),
      ['analytics', 'maps'],
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(featuresOverSeats(seats, before, after)).toEqual(expected)
  })
})

describe('activationChangesOf (seeds 001 §2.6 bulk import)', () => {
  // Units 1 and 2 active, 3 and 4 inactive.
  const current = new Map([
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ])
  const run = (body: string, remaining = 10) =>
    activationChangesOf(parseCsv(`unit_id,state\n${body}`), current, remaining)
  it.each<[string, string, number, ReturnType<typeof activationChangesOf>]>([
    [
      'changes and unchanged lines',
      '1,inactive\n2,active\n3,ACTIVE\n',
      10,
      {
        changes: [
          { line: 2, unitId: 1, state: 'inactive' },
          { line: 4, unitId: 3, state: 'active' },
        ],
        unchanged: 1,
        errors: [],
      },
    ],
    [
      'unknown, missing, repeated units and bad states',
      '9,active\n,active\n1,inactive\n1,active\n2,asleep\n3,\n',
      10,
      {
        changes: [{ line: 4, unitId: 1, state: 'inactive' }],
        unchanged: 0,
        errors: [
          { line: 2, column: 'unit_id', code: 'NOT_FOUND' },
          { line: 3, column: 'unit_id', code: 'MISSING' },
          { line: 5, column: 'unit_id', code: 'EXISTS' },
          { line: 6, column: 'state', code: 'INVALID' },
          { line: 7, column: 'state', code: 'MISSING' },
        ],
      },
    ],
    [
      'activations past the allowance',
      '3,active\n1,inactive\n4,active\n',
      1,
      {
        changes: [
          { line: 2, unitId: 3, state: 'active' },
          { line: 3, unitId: 1, state: 'inactive' },
        ],
        unchanged: 0,
        errors: [{ line: 4, column: 'state', code: 'ALLOWANCE_EXCEEDED' }],
      },
    ],
    [
      'no allowance left, deactivations still pass',
      '1,inactive\n',
      0,
      { changes: [{ line: 2, unitId: 1, state: 'inactive' }], unchanged: 0, errors: [] },
    ],
  ])('%s', (_name, body, remaining, expected) => {
    expect(run(body, remaining)).toEqual(expected)
  })

  it('names the missing columns', () => {
    expect(activationChangesOf(parseCsv('unit_id\n1\n'), current, 10).errors).toEqual([
      { line: 1, column: 'state', code: 'MISSING' },
    ])
  })
})

describe('groupName (seeds 001 §8 group save errors)', () => {
  it.each([
    { name: 'Field engineers', ok: true, message: undefined },
    { name: `  ${'x'.repeat(100)}  `, ok: true, message: undefined },
    { name: 'x'.repeat(101), ok: false, message: 'LENGTH_MAX' },
    { name: '   ', ok: false, message: undefined },
  ])('$name.length characters → $ok', ({ name, ok, message }) => {
    const result = v.safeParse(groupName(), name)
    expect(result.success).toBe(ok)
    if (message !== undefined) expect(result.issues?.[0]?.message).toBe(message)
  })
})

describe('isRemovedEmail (what a GDPR removal leaves)', () => {
  it.each([
    ['removed-12@removed.invalid', true],
    ['Removed-12@REMOVED.invalid', true],
    ['noor@example.com', false],
    ['removed.invalid@example.com', false],
  ])('%s → %s', (email, expected) => {
    expect(isRemovedEmail(email)).toBe(expected)
  })
})
