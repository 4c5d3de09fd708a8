import { describe, expect, it } from 'vitest'
import { unitStatusBadge } from './unit-status'

const NOW = Date.parse('2026-11-28T12:00:00Z')
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

describe('unitStatusBadge', () => {
  it.each([
    {
      name: 'live, seen 5 min ago: online',
      input: { lastSeen: iso(NOW - 300_000), markedOffline: false, live: true, updatedAt: NOW },
      out: { online: true, lastKnownAt: null },
    },
    {
      name: 'live, seen 2 h ago: offline',
      input: { lastSeen: iso(NOW - 2 * HOUR), markedOffline: false, live: true, updatedAt: NOW },
      out: { online: false, lastKnownAt: null },
    },
    {
      name: 'live, marked offline: offline',
      input: { lastSeen: iso(NOW - 60_000), markedOffline: true, live: true, updatedAt: NOW },
      out: { online: false, lastKnownAt: null },
    },
    {
      name: 'saved 2 h ago, seen just before: last known online (judged at fetch time)',
      input: {
        lastSeen: iso(NOW - 2 * HOUR - 60_000),
        markedOffline: false,
        live: false,
        updatedAt: NOW - 2 * HOUR,
      },
      out: { online: true, lastKnownAt: NOW - 2 * HOUR },
    },
    {
      name: 'saved 2 h ago, already offline then: last known offline',
      input: {
        lastSeen: iso(NOW - 5 * HOUR),
        markedOffline: false,
        live: false,
        updatedAt: NOW - 2 * HOUR,
      },
      out: { online: false, lastKnownAt: NOW - 2 * HOUR },
    },
    {
      name: 'not live but no fetch time: judged now',
      input: { lastSeen: iso(NOW - 60_000), markedOffline: false, live: false, updatedAt: 0 },
      out: { online: true, lastKnownAt: null },
    },
  ])('$name', ({ input, out }) => {
    expect(unitStatusBadge({ now: NOW, ...input })).toEqual(out)
  })
})
