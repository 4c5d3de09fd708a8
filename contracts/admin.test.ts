import { describe, expect, it } from 'vitest'
import {
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
