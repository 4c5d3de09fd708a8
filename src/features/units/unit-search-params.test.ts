import { describe, expect, it } from 'vitest'
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import * as v from 'valibot'
import { DEFAULT_AGENT_SORT } from './agent-sort'
import { plainNumericTerm, UnitSearchParamsSchema } from './unit-search-params'

const params = (q: string) => ({ q, showResults: true, sort: DEFAULT_AGENT_SORT })

describe('the unit search term in the address', () => {
  it.each([
    { q: '35', address: '?q=35' },
    { q: '4242', address: '?q=4242' },
    { q: 'WB00000035', address: '?q=WB00000035' },
    { q: 'olivia.nguyen@example.net', address: '?q=olivia.nguyen%40example.net' },
    // Not an exact integer for JSON: the router's quotes keep it as written.
    { q: '0035', address: '?q=0035' },
    { q: '723421968459640832', address: '?q=%22723421968459640832%22' },
    { q: '112233445566', address: '?q=112233445566' },
  ])('writes $q as $address and reads it back', ({ q, address }) => {
    const href = defaultStringifySearch(plainNumericTerm(params(q)))
    expect(href.split('&')[0]).toBe(address)
    expect(v.parse(UnitSearchParamsSchema, defaultParseSearch(href)).q).toBe(q)
  })
})
