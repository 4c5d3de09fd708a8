import { describe, expect, it } from 'vitest'
import {
  initialSearchForm,
  searchFormReducer,
  submittedQuery,
  type SearchFormAction,
  type SearchFormState,
} from './search-form-state'

const state = (over: Partial<SearchFormState> = {}): SearchFormState => ({
  ...initialSearchForm(),
  ...over,
})

describe('submittedQuery', () => {
  it.each([
    { value: '', trim: true, expected: null },
    { value: '   ', trim: true, expected: null },
    { value: '   ', trim: false, expected: null },
    { value: ' 35 ', trim: true, expected: '35' },
    { value: ' 35 ', trim: false, expected: ' 35 ' },
    { value: 'a b', trim: true, expected: 'a b' },
  ])('"$value" (trim $trim) → $expected', ({ value, trim, expected }) => {
    expect(submittedQuery(value, trim)).toBe(expected)
  })
})

describe('searchFormReducer (seeds 001 §4)', () => {
  it.each<{ name: string; from: SearchFormState; action: SearchFormAction; to: SearchFormState }>([
    {
      name: 'typing keeps the state',
      from: state(),
      action: { type: 'edit', value: 'ab' },
      to: state({ value: 'ab' }),
    },
    {
      name: 'an empty query does nothing',
      from: state({ value: '  ', query: 'x', page: 3, status: 'loaded' }),
      action: { type: 'submit', trim: true },
      to: state({ value: '  ', query: 'x', page: 3, status: 'loaded' }),
    },
    {
      name: 'a submit loads page 1 of the trimmed query',
      from: state({ value: ' ab ', query: 'x', page: 4, status: 'loaded' }),
      action: { type: 'submit', trim: true },
      to: state({ value: 'ab', query: 'ab', page: 1, status: 'loading' }),
    },
    {
      name: 'without trim the query is kept as typed',
      from: state({ value: ' ab ' }),
      action: { type: 'submit', trim: false },
      to: state({ value: ' ab ', query: ' ab ', page: 1, status: 'loading' }),
    },
    {
      name: 'the same query again reloads from page 1',
      from: state({ value: 'ab', query: 'ab', page: 2, status: 'error' }),
      action: { type: 'submit', trim: true },
      to: state({ value: 'ab', query: 'ab', page: 1, status: 'loading' }),
    },
    {
      name: 'another page loads it',
      from: state({ value: 'ab', query: 'ab', status: 'loaded' }),
      action: { type: 'page', page: 2 },
      to: state({ value: 'ab', query: 'ab', page: 2, status: 'loading' }),
    },
    {
      name: 'no page before a search',
      from: state(),
      action: { type: 'page', page: 2 },
      to: state(),
    },
    {
      name: 'no page 0',
      from: state({ query: 'ab', status: 'loaded' }),
      action: { type: 'page', page: 0 },
      to: state({ query: 'ab', status: 'loaded' }),
    },
    {
      name: 'an answer ends loading',
      from: state({ query: 'ab', status: 'loading' }),
      action: { type: 'loaded' },
      to: state({ query: 'ab', status: 'loaded' }),
    },
    {
      name: 'a failure sets error',
      from: state({ query: 'ab', status: 'loading' }),
      action: { type: 'failed' },
      to: state({ query: 'ab', status: 'error' }),
    },
    {
      name: 'a late answer after a clear is ignored',
      from: state(),
      action: { type: 'loaded' },
      to: state(),
    },
    {
      name: 'clear starts again',
      from: state({ value: 'ab', query: 'ab', page: 3, status: 'loaded' }),
      action: { type: 'clear' },
      to: state(),
    },
  ])('$name', ({ from, action, to }) => {
    expect(searchFormReducer(from, action)).toEqual(to)
  })
})
