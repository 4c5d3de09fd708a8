import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { InboxSearchSchema } from './inbox-search'

describe('InboxSearchSchema', () => {
  it.each([
    { input: {}, q: '' },
    { input: { q: 'LON-HUB' }, q: 'LON-HUB' },
    // The router reads ?q=12 as a number.
    { input: { q: 12 }, q: '12' },
    { input: { q: 'x'.repeat(101) }, q: '' },
    { input: { q: ['a'] }, q: '' },
  ])('$input reads as q “$q”', ({ input, q }) => {
    expect(v.parse(InboxSearchSchema, input)).toEqual({ q })
  })
})
