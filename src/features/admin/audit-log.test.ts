import { describe, expect, it } from 'vitest'
import { auditChanges } from './audit-log'

describe('auditChanges (before → after)', () => {
  it.each([
    {
      case: 'a switch',
      before: { enabled: true },
      after: { enabled: false },
      expected: [{ key: 'enabled', before: true, after: false }],
    },
    {
      case: 'created: nothing before',
      before: null,
      after: { role: 'power_user' },
      expected: [{ key: 'role', before: null, after: 'power_user' }],
    },
    {
      case: 'removed from a group: the name, not its ids',
      before: { data_subscription_id: 4, group_id: 9, group_name: 'Field engineers' },
      after: null,
      expected: [{ key: 'group_name', before: 'Field engineers', after: null }],
    },
    {
      case: 'an old entry without the name keeps its ids',
      before: null,
      after: { data_subscription_id: 4, group_id: 9 },
      expected: [
        { key: 'data_subscription_id', before: null, after: 4 },
        { key: 'group_id', before: null, after: 9 },
      ],
    },
    {
      case: 'metadata: only the keys that changed, in order',
      before: { hub: 'North', floor: '3' },
      after: { hub: 'South', floor: '3', level: '2' },
      expected: [
        { key: 'hub', before: 'North', after: 'South' },
        { key: 'level', before: null, after: '2' },
      ],
    },
    {
      case: 'lists compare by value',
      before: { name: 'Ops', features: ['maps'] },
      after: { name: 'Ops', features: ['maps'] },
      expected: [],
    },
    { case: 'neither side an object', before: 'x', after: [1], expected: [] },
  ])('$case', ({ before, after, expected }) => {
    expect(auditChanges(before, after)).toEqual(expected)
  })
})
