import { describe, expect, it } from 'vitest'
import { DATA_AGE_THRESHOLD_MS, formatDataAge, shouldShowDataAge } from './data-age'

const NOW = Date.UTC(2026, 10, 21, 17, 2)

describe('formatDataAge', () => {
  it.each([
    {
      name: 'today: time only',
      updatedAt: Date.UTC(2026, 10, 21, 14, 2),
      locale: 'en-GB',
      timeZone: 'UTC',
      when: '14:02',
      ago: '3 hr ago',
    },
    {
      name: 'under a minute',
      updatedAt: Date.UTC(2026, 10, 21, 17, 1, 40),
      locale: 'en-GB',
      timeZone: 'UTC',
      when: '17:01',
      ago: 'now',
    },
    {
      name: 'minutes',
      updatedAt: Date.UTC(2026, 10, 21, 16, 47),
      locale: 'en-GB',
      timeZone: 'UTC',
      when: '16:47',
      ago: '15 min ago',
    },
    {
      name: 'yesterday: date included',
      updatedAt: Date.UTC(2026, 10, 20, 23, 30),
      locale: 'en-GB',
      timeZone: 'UTC',
      when: '20 Nov, 23:30',
      ago: '17 hr ago',
    },
    {
      name: 'the same instant is today in Riyadh',
      updatedAt: Date.UTC(2026, 10, 20, 23, 30),
      locale: 'en-GB',
      timeZone: 'Asia/Riyadh',
      when: '02:30',
      ago: '17 hr ago',
    },
    {
      name: 'days',
      updatedAt: Date.UTC(2026, 10, 12, 9, 5),
      locale: 'en-GB',
      timeZone: 'UTC',
      when: '12 Nov, 09:05',
      ago: '9 days ago',
    },
    {
      name: 'another year: year included',
      updatedAt: Date.UTC(2025, 11, 30, 9, 5),
      locale: 'en-GB',
      timeZone: 'UTC',
      when: '30 Dec 2025, 09:05',
      ago: '326 days ago',
    },
    {
      name: 'a clock set back never reads as the future',
      updatedAt: Date.UTC(2026, 10, 21, 17, 5),
      locale: 'en-GB',
      timeZone: 'UTC',
      when: '17:05',
      ago: 'now',
    },
    {
      name: 'French (Canada)',
      updatedAt: Date.UTC(2026, 10, 21, 14, 2),
      locale: 'fr-CA',
      timeZone: 'UTC',
      when: '14 h 02',
      ago: 'il y a 3\u00a0h', // ICU puts a no-break space before the unit
    },
    {
      name: 'Arabic (Saudi Arabia)',
      updatedAt: Date.UTC(2026, 10, 21, 14, 2),
      locale: 'ar-SA',
      timeZone: 'UTC',
      when: '٠٢:٠٢ م',
      ago: 'قبل ٣ ساعات',
    },
  ])('$name', ({ updatedAt, locale, timeZone, when, ago }) => {
    expect(formatDataAge(updatedAt, { now: NOW, locale, timeZone })).toEqual({
      when,
      ago,
      iso: new Date(updatedAt).toISOString(),
    })
  })
})

describe('shouldShowDataAge', () => {
  it.each([
    { updatedAt: 0, online: false, expected: false, why: 'never fetched' },
    { updatedAt: NOW - 5_000, online: true, expected: false, why: 'fresh, online' },
    {
      updatedAt: NOW - DATA_AGE_THRESHOLD_MS + 1,
      online: true,
      expected: false,
      why: 'just under a minute',
    },
    { updatedAt: NOW - DATA_AGE_THRESHOLD_MS, online: true, expected: true, why: 'a minute old' },
    { updatedAt: NOW - 3 * 3_600_000, online: true, expected: true, why: 'hours old' },
    { updatedAt: NOW - 5_000, online: false, expected: true, why: 'fresh but offline' },
  ])('$why → $expected', ({ updatedAt, online, expected }) => {
    expect(shouldShowDataAge({ updatedAt, now: NOW, online })).toBe(expected)
  })

  it.each([
    {
      age: 3 * 60_000,
      online: true,
      fresh: true,
      expected: false,
      why: 'within stale time, online',
    },
    { age: 3 * 60_000, online: true, fresh: false, expected: true, why: 'past stale time, online' },
    { age: 30_000, online: true, fresh: false, expected: false, why: 'stale but under a minute' },
    {
      age: 3 * 60_000,
      online: false,
      fresh: true,
      expected: true,
      why: 'within stale time, offline',
    },
  ])('$why → $expected', ({ age, online, fresh, expected }) => {
    expect(shouldShowDataAge({ updatedAt: NOW - age, now: NOW, online, fresh })).toBe(expected)
  })
})
