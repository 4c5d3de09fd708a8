import { describe, expect, it } from 'vitest'
import { offlineDuration, offlineDurationAt, unitOfflineState } from './unit-offline'

const NOW = Date.parse('2026-05-10T12:00:00Z')
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const WEEK = 7 * DAY

describe('unitOfflineState (seeds 4.6)', () => {
  it.each([
    {
      name: 'seen 5 minutes ago: online',
      input: { lastSeen: ago(5), disconnectionSince: null, markedOffline: false },
      expected: { offline: false },
    },
    {
      name: 'seen exactly 30 minutes ago: still online',
      input: { lastSeen: ago(30), disconnectionSince: null, markedOffline: false },
      expected: { offline: false },
    },
    {
      name: 'seen 31 minutes ago: offline since then',
      input: { lastSeen: ago(31), disconnectionSince: null, markedOffline: false },
      expected: { offline: true, reason: 'last-seen', since: NOW - 31 * MIN },
    },
    {
      name: 'a disconnection in progress wins over a recent last seen',
      input: { lastSeen: ago(1), disconnectionSince: ago(12), markedOffline: false },
      expected: { offline: true, reason: 'disconnection', since: NOW - 12 * MIN },
    },
    {
      name: 'marked offline externally',
      input: { lastSeen: ago(2), disconnectionSince: null, markedOffline: true },
      expected: { offline: true, reason: 'external', since: NOW - 2 * MIN },
    },
    {
      name: 'marked offline, never seen: start unknown',
      input: { lastSeen: null, disconnectionSince: null, markedOffline: true },
      expected: { offline: true, reason: 'external', since: null },
    },
    {
      name: 'never seen and not marked: not called offline',
      input: { lastSeen: null, disconnectionSince: null, markedOffline: false },
      expected: { offline: false },
    },
    {
      name: 'an unreadable disconnection start: offline, start unknown',
      input: { lastSeen: ago(1), disconnectionSince: 'not a date', markedOffline: false },
      expected: { offline: true, reason: 'disconnection', since: null },
    },
  ])('$name', ({ input, expected }) => {
    expect(unitOfflineState({ now: NOW, ...input })).toEqual(expected)
  })
})

describe('offlineDuration (seeds 4.6 message units)', () => {
  it.each([
    { ms: null, expected: { unit: 'unknown' } },
    { ms: Number.NaN, expected: { unit: 'unknown' } },
    { ms: -1, expected: { unit: 'none' } },
    { ms: -2 * HOUR, expected: { unit: 'none' } },
    { ms: 0, expected: { unit: 'minutes', count: 0 } },
    { ms: 31 * MIN, expected: { unit: 'minutes', count: 31 } },
    { ms: 59 * MIN + 59_999, expected: { unit: 'minutes', count: 59 } },
    { ms: 60 * MIN, expected: { unit: 'hours', count: 1 } },
    { ms: 61 * MIN, expected: { unit: 'hours', count: 1 } },
    { ms: 23 * HOUR + 59 * MIN, expected: { unit: 'hours', count: 23 } },
    { ms: DAY, expected: { unit: 'days', count: 1 } },
    { ms: 6 * DAY + 23 * HOUR, expected: { unit: 'days', count: 6 } },
    { ms: WEEK, expected: { unit: 'weeks', count: 1 } },
    { ms: 4 * WEEK, expected: { unit: 'weeks', count: 4 } },
    { ms: 4 * WEEK + 1, expected: { unit: 'over-month' } },
    { ms: 90 * DAY, expected: { unit: 'over-month' } },
  ])('$ms ms → $expected', ({ ms, expected }) => {
    expect(offlineDuration(ms)).toEqual(expected)
  })
})

describe('offlineDurationAt', () => {
  it.each([
    { state: { offline: false } as const, expected: { unit: 'none' } },
    {
      state: { offline: true, reason: 'external', since: null } as const,
      expected: { unit: 'unknown' },
    },
    {
      state: { offline: true, reason: 'last-seen', since: NOW - 3 * HOUR } as const,
      expected: { unit: 'hours', count: 3 },
    },
    {
      state: { offline: true, reason: 'disconnection', since: NOW + HOUR } as const,
      expected: { unit: 'none' },
    },
  ])('$state → $expected', ({ state, expected }) => {
    expect(offlineDurationAt(state, NOW)).toEqual(expected)
  })
})
