import { describe, expect, it } from 'vitest'
import { sortTermOf, tableSortOf } from './table-sort'

describe('sorts terms and the data table’s sort', () => {
  it.each([
    { term: '-name', sort: { id: 'name', desc: true } },
    { term: 'email', sort: { id: 'email', desc: false } },
    { term: '-created_at', sort: { id: 'created_at', desc: true } },
  ])('$term', ({ term, sort }) => {
    expect(tableSortOf(term)).toEqual(sort)
    expect(sortTermOf(sort, 'x')).toBe(term)
  })

  it('falls back to the list’s default when the table has no sort', () => {
    expect(sortTermOf(null, '-email')).toBe('-email')
  })
})
