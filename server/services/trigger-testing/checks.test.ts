import { describe, expect, it } from 'vitest'
import { OFFLINE_AFTER_MS, unitRefusal } from './checks.ts'

const now = new Date('2026-11-21T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const ready = {
  isTtCompatible: true,
  environment: { connection: 'fibre', hardware: 'Whitebox 8' },
  lastSeen: ago(60_000),
  disconnectionInProgress: false,
  offlineExternally: false,
  isUnreliable: false,
}

describe('unitRefusal (seeds 8.4 unit checks, in order)', () => {
  it.each([
    { name: 'a ready unit', change: {}, expected: null },
    { name: 'outdated firmware', change: { isTtCompatible: false }, expected: 'NOT_TT_COMPATIBLE' },
    {
      name: 'a mobile unit',
      change: { environment: { connection: 'mobile' } },
      expected: 'INCOMPATIBLE',
    },
    { name: 'no environment', change: { environment: null }, expected: null },
    {
      name: 'last seen exactly 30 min ago',
      change: { lastSeen: ago(OFFLINE_AFTER_MS) },
      expected: null,
    },
    {
      name: 'last seen over 30 min ago',
      change: { lastSeen: ago(OFFLINE_AFTER_MS + 1) },
      expected: 'UNREACHABLE',
    },
    { name: 'never seen', change: { lastSeen: null }, expected: 'UNREACHABLE' },
    {
      name: 'a disconnection in progress',
      change: { disconnectionInProgress: true },
      expected: 'UNREACHABLE',
    },
    { name: 'offline externally', change: { offlineExternally: true }, expected: 'UNREACHABLE' },
    { name: 'seen but unreliable', change: { isUnreliable: true }, expected: 'NOT_READY' },
    {
      name: 'outdated firmware before offline',
      change: { isTtCompatible: false, lastSeen: null },
      expected: 'NOT_TT_COMPATIBLE',
    },
    {
      name: 'mobile before offline',
      change: { environment: { connection: 'mobile' }, offlineExternally: true },
      expected: 'INCOMPATIBLE',
    },
    {
      name: 'offline before unreliable',
      change: { isUnreliable: true, disconnectionInProgress: true },
      expected: 'UNREACHABLE',
    },
  ])('$name → $expected', ({ change, expected }) => {
    expect(unitRefusal({ ...ready, ...change }, now)).toBe(expected)
  })
})
