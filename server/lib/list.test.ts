import { asc, desc } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { PgDialect } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { PAGE_SIZES, parseSortTerm, sortTermText } from '../../contracts/pagination.ts'
import {
  containsPattern,
  offsetOf,
  orderByColumns,
  orderBySql,
  pageOf,
  pagingEntries,
  presentPage,
  sortsEntry,
  sortTexts,
  textFilter,
  type SqlColumn,
} from './list.ts'

const COLUMNS = ['id', 'email', 'last_seen'] as const
const Query = v.object({
  ...pagingEntries({ perPage: PAGE_SIZES.agents, maxPage: 100 }),
  sorts: sortsEntry(COLUMNS, { fallback: ['id'] }),
  email: textFilter(20),
})

/** valibot's issues as field → messages, like server/errors.ts files them. */
function paths(input: Record<string, string | undefined>): string[] | null {
  const result = v.safeParse(Query, input)
  if (result.success) return null
  return result.issues.map((issue) => v.getDotPath(issue) ?? '')
}

describe('list query: page and per_page', () => {
  it.each([
    { input: {}, expected: { page: 1, perPage: 50 } },
    { input: { page: '3' }, expected: { page: 3, perPage: 50 } },
    { input: { page: '2', per_page: '20' }, expected: { page: 2, perPage: 20 } },
    { input: { per_page: '50' }, expected: { page: 1, perPage: 50 } },
  ])('$input → $expected', ({ input, expected }) => {
    expect(pageOf(v.parse(Query, input))).toEqual(expected)
  })

  it.each([
    { input: { page: '0' }, invalid: 'page' },
    { input: { page: '101' }, invalid: 'page' },
    { input: { page: '-1' }, invalid: 'page' },
    { input: { page: '1e3' }, invalid: 'page' },
    { input: { page: '' }, invalid: 'page' },
    { input: { per_page: '51' }, invalid: 'per_page' },
    { input: { per_page: '0' }, invalid: 'per_page' },
  ])('refuses $input', ({ input, invalid }) => {
    expect(paths(input)).toEqual([invalid])
  })

  it.each([
    { page: 1, perPage: 50, offset: 0 },
    { page: 2, perPage: 50, offset: 50 },
    { page: 3, perPage: 20, offset: 40 },
  ])('page $page of $perPage skips $offset rows', ({ page, perPage, offset }) => {
    expect(offsetOf({ page, perPage })).toBe(offset)
  })
})

describe('list query: sorts (a leading minus is descending)', () => {
  it.each([
    { sorts: undefined, expected: ['id'] },
    { sorts: '', expected: ['id'] },
    { sorts: ' , ', expected: ['id'] },
    { sorts: '-id', expected: ['-id'] },
    { sorts: 'email,-last_seen', expected: ['email', '-last_seen'] },
    { sorts: ' email , id ', expected: ['email', 'id'] },
  ])('sorts=$sorts → $expected', ({ sorts, expected }) => {
    expect(v.parse(Query, sorts === undefined ? {} : { sorts }).sorts).toEqual(expected)
  })

  it.each([
    { sorts: 'name', invalid: ['sorts.0'] },
    { sorts: '--id', invalid: ['sorts.0'] },
    { sorts: 'id,+email', invalid: ['sorts.1'] },
    { sorts: 'id,-id', invalid: ['sorts'] },
    { sorts: 'x'.repeat(201), invalid: ['sorts'] },
  ])('refuses sorts=$sorts', ({ sorts, invalid }) => {
    expect(paths({ sorts })).toEqual(invalid)
  })

  it.each([
    { text: 'id', term: { column: 'id', desc: false } },
    { text: '-id', term: { column: 'id', desc: true } },
    { text: '-last_seen', term: { column: 'last_seen', desc: true } },
  ])('$text reads as $term and back', ({ text, term }) => {
    expect(parseSortTerm(text)).toEqual(term)
    expect(sortTermText(term)).toBe(text)
  })

  it('lists every term of the columns both ways', () => {
    expect(sortTexts(['id', 'email'])).toEqual(['id', '-id', 'email', '-email'])
  })
})

describe('list query: text filters', () => {
  it.each([
    { email: '  a@b.c ', expected: 'a@b.c' },
    { email: undefined, expected: undefined },
  ])('email=$email → $expected', ({ email, expected }) => {
    expect(v.parse(Query, email === undefined ? {} : { email }).email).toBe(expected)
  })

  it.each([{ email: '   ' }, { email: 'x'.repeat(21) }, { email: 'a\u0000b' }])(
    'refuses email=$email',
    ({ email }) => {
      expect(paths({ email })).toEqual(['email'])
    },
  )
})

describe('orderBySql', () => {
  const map: Record<string, SqlColumn<'o'>> = {
    id: { sql: 'u.id' },
    last_seen: { sql: 'u.last_seen', nulls: 'low' },
    email: { sql: 'lower(o.email)', join: 'o' },
  }

  it.each([
    { terms: [], text: 'u.id ASC', joins: [] },
    { terms: ['id'], text: 'u.id ASC NULLS LAST, u.id ASC', joins: [] },
    { terms: ['-id'], text: 'u.id DESC NULLS LAST, u.id DESC', joins: [] },
    { terms: ['last_seen'], text: 'u.last_seen ASC NULLS FIRST, u.id ASC', joins: [] },
    { terms: ['-last_seen'], text: 'u.last_seen DESC NULLS LAST, u.id DESC', joins: [] },
    {
      terms: ['-email', 'last_seen'],
      text: 'lower(o.email) DESC NULLS LAST, u.last_seen ASC NULLS FIRST, u.id DESC',
      joins: ['o'],
    },
    {
      terms: [{ column: 'email', desc: false }],
      text: 'lower(o.email) ASC NULLS LAST, u.id ASC',
      joins: ['o'],
    },
  ])('$terms → $text', ({ terms, text, joins }) => {
    const order = orderBySql(terms, map, 'u.id')
    expect(order.text).toBe(text)
    expect([...order.joins]).toEqual(joins)
  })

  it.each(['name', '-constructor', 'toString'])('throws on a column the map lacks: %s', (term) => {
    expect(() => orderBySql([term], map, 'u.id')).toThrow(/unknown sort column/)
  })
})

describe('orderByColumns (drizzle)', () => {
  const table = pgTable('things', { id: integer('id'), name: text('name') })
  const dialect = new PgDialect()
  const render = (order: ReturnType<typeof orderByColumns>) =>
    order.map((part) => dialect.sqlToQuery(part).sql)

  it.each([
    { terms: ['-id'], tie: false, expected: [desc(table.id)] },
    { terms: ['name'], tie: true, expected: [asc(table.name), asc(table.id)] },
    { terms: ['-name'], tie: true, expected: [desc(table.name), desc(table.id)] },
  ])('$terms (tie $tie)', ({ terms, tie, expected }) => {
    const order = orderByColumns(
      terms,
      { id: table.id, name: table.name },
      tie ? table.id : undefined,
    )
    expect(render(order)).toEqual(render(expected))
  })

  it('throws on a column the map lacks', () => {
    expect(() => orderByColumns(['email'], { id: table.id })).toThrow(/unknown sort column/)
  })
})

describe('presentPage', () => {
  it.each([
    {
      rows: [1, 2],
      page: { page: 1, perPage: 2, total: 3 },
      pagination: { total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 },
    },
    {
      rows: [3],
      page: { page: 2, perPage: 2, total: 3 },
      pagination: { total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 },
    },
    {
      // Nothing to list is still one page; past the end is an empty page, not an error.
      rows: [],
      page: { page: 1, perPage: 50, total: 0 },
      pagination: { total: 0, count: 0, per_page: 50, current_page: 1, total_pages: 1 },
    },
    {
      rows: [],
      page: { page: 9, perPage: 5, total: 6 },
      pagination: { total: 6, count: 0, per_page: 5, current_page: 9, total_pages: 2 },
    },
  ])('page $page.page of $page.total', ({ rows, page, pagination }) => {
    expect(presentPage(rows, page, (n) => ({ n }))).toEqual({
      data: rows.map((n) => ({ n })),
      meta: { pagination },
    })
  })
})

describe('containsPattern', () => {
  it.each([
    ['hub', '%hub%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\d', '%c:\\\\d%'],
  ])('%s → %s', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern)
  })
})
