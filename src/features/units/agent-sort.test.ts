import { describe, expect, it } from 'vitest'
import type { AgentSort } from '#contracts/unit-search.ts'
import { agentFilter, nextSort, sortDirection, type AgentSortField } from './agent-sort'

describe('sortDirection', () => {
  it.each<{ sort: AgentSort; field: AgentSortField; expected: string }>([
    { sort: 'id', field: 'id', expected: 'ascending' },
    { sort: '-id', field: 'id', expected: 'descending' },
    { sort: 'last_seen', field: 'id', expected: 'none' },
    { sort: '-last_seen', field: 'last_seen', expected: 'descending' },
  ])('$field under $sort is $expected', ({ sort, field, expected }) => {
    expect(sortDirection(sort, field)).toBe(expected)
  })
})

describe('nextSort: none → ascending → descending → none', () => {
  it.each<{ sort: AgentSort; field: AgentSortField; expected: AgentSort }>([
    { sort: 'id', field: 'last_seen', expected: 'last_seen' },
    { sort: 'last_seen', field: 'last_seen', expected: '-last_seen' },
    { sort: '-last_seen', field: 'last_seen', expected: 'id' },
    { sort: '-email', field: 'isp', expected: 'isp' },
    { sort: 'id', field: 'id', expected: '-id' },
    { sort: '-id', field: 'id', expected: 'id' },
  ])('$field clicked under $sort → $expected', ({ sort, field, expected }) => {
    expect(nextSort(sort, field)).toBe(expected)
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
