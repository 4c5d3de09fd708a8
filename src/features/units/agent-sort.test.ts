import { describe, expect, it } from 'vitest'
import type { AgentSort } from '#contracts/unit-search.ts'
import type { DataTableSort } from '../../ui/DataTable'
import { agentFilter, sortOfTable } from './agent-sort'
import { tableSortOf } from '../../lib/table-sort'

describe('tableSortOf / sortOfTable: a leading minus is descending', () => {
  it.each<{ sort: AgentSort; table: DataTableSort }>([
    { sort: 'id', table: { id: 'id', desc: false } },
    { sort: '-id', table: { id: 'id', desc: true } },
    { sort: '-last_seen', table: { id: 'last_seen', desc: true } },
    { sort: 'email', table: { id: 'email', desc: false } },
  ])('$sort ⇄ $table', ({ sort, table }) => {
    expect(tableSortOf(sort)).toEqual(table)
    expect(sortOfTable(table)).toBe(sort)
  })

  it.each<{ table: DataTableSort | null; expected: AgentSort }>([
    // "none" is the list's default order.
    { table: null, expected: 'id' },
    { table: { id: 'results', desc: false }, expected: 'id' },
    { table: { id: 'serial_number', desc: true }, expected: 'id' },
  ])('$table → $expected', ({ table, expected }) => {
    expect(sortOfTable(table)).toBe(expected)
  })
})

describe('agentFilter', () => {
  it.each([
    { term: '', expected: {} },
    { term: '   ', expected: {} },
    { term: ' 35 ', expected: { id: '35' } },
    { term: 'Ana@Example.com', expected: { email: 'ana@example.com' } },
    { term: 'd8-4f-b8-10-00-23', expected: { mac: 'D8:4F:B8:10:00:23' } },
    { term: 'WB00000035', expected: { serial: 'WB00000035' } },
  ])('"$term" → $expected', ({ term, expected }) => {
    expect(agentFilter(term)).toEqual(expected)
  })
})
