import { describe, expect, it } from 'vitest'
import {
  agentFilterOf,
  AGENT_COLUMNS_KEY,
  readHiddenColumns,
  writeHiddenColumns,
} from './agent-search'

describe('agentFilterOf', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['42', { id: '42' }],
    [' 0042 ', { id: '42' }],
    ['٤٢', { id: '42' }],
    ['99999999999', 'unreadable'],
    ['Olivia.Nguyen@Example.net', { email: 'olivia.nguyen@example.net' }],
    ['aa-bb-cc-dd-ee-ff', { mac: 'AA:BB:CC:DD:EE:FF' }],
    ['aabbccddeeff', { mac: 'AA:BB:CC:DD:EE:FF' }],
    ['router in the hall', 'unreadable'],
  ])('%j → %j', (term, expected) => {
    expect(agentFilterOf(term)).toEqual(expected)
  })
})

describe('hidden agent columns', () => {
  it('round-trips through storage', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, value: string) => {
        store.set(k, value)
      },
    }
    expect(readHiddenColumns(storage)).toBeNull()
    writeHiddenColumns(storage, ['mac', 'isp'])
    expect(readHiddenColumns(storage)).toEqual(['mac', 'isp'])
  })

  it.each([['not json'], ['{"a":1}'], ['[1,2]']])('ignores unreadable %s', (raw) => {
    const storage = { getItem: (k: string) => (k === AGENT_COLUMNS_KEY ? raw : null) }
    expect(readHiddenColumns(storage)).toBeNull()
  })
})
