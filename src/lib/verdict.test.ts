import { describe, expect, it } from 'vitest'
import {
  eveningVerdict,
  localHour,
  reliabilityVerdict,
  speedVerdict,
  verdictOf,
  worstLevel,
  type VerdictDisconnection,
  type VerdictPoint,
} from './verdict'

const DAY = 24 * 3600 * 1000
const WEEK = 7 * DAY
const NOW = Date.parse('2026-03-10T12:00:00Z')

/** A result at a UTC hour of a day of March 2026. */
const at = (day: number, hour: number, y: number | null): VerdictPoint => ({
  x: Date.UTC(2026, 2, day, hour, 30),
  y,
})

/** A week of hourly results: `evening` Mbps from 19:00 to 23:00 UTC, `rest` otherwise. */
function week(evening: number, rest: number): VerdictPoint[] {
  const points: VerdictPoint[] = []
  for (let day = 1; day <= 7; day += 1)
    for (let hour = 0; hour < 24; hour += 1)
      points.push(at(day, hour, hour >= 19 && hour < 23 ? evening : rest))
  return points
}

const drop = (hoursAgo: number, minutes: number | null, isUnreliable = false) =>
  ({
    startMs: NOW - hoursAgo * 3600_000,
    durationSeconds: minutes === null ? null : minutes * 60,
    isUnreliable,
  }) satisfies VerdictDisconnection

describe('speedVerdict: median download against the package (good ≥ 80 %, fair ≥ 50 %)', () => {
  it.each([
    { median: 94, pkg: 100, level: 'good' },
    { median: 80, pkg: 100, level: 'good' },
    { median: 79.9, pkg: 100, level: 'fair' },
    { median: 50, pkg: 100, level: 'fair' },
    { median: 49, pkg: 100, level: 'poor' },
    { median: 120, pkg: 100, level: 'good' },
  ])('$median of $pkg Mbps is $level', ({ median, pkg, level }) => {
    expect(speedVerdict(median, pkg)).toEqual({
      level,
      medianMbps: median,
      packageMbps: pkg,
      ratio: median / pkg,
    })
  })

  it.each([
    { median: null, pkg: 100 },
    { median: 50, pkg: null },
    { median: 50, pkg: 0 },
  ])('cannot judge $median against $pkg', ({ median, pkg }) => {
    expect(speedVerdict(median, pkg)).toBeNull()
  })
})

describe('eveningVerdict: 19:00–23:00 local against the rest (good ≥ 90 %, fair ≥ 75 %)', () => {
  it.each([
    { evening: 95, rest: 100, level: 'good' },
    { evening: 90, rest: 100, level: 'good' },
    { evening: 80, rest: 100, level: 'fair' },
    { evening: 75, rest: 100, level: 'fair' },
    { evening: 60, rest: 100, level: 'poor' },
  ])('$evening in the evening, $rest otherwise: $level', ({ evening, rest, level }) => {
    expect(eveningVerdict(week(evening, rest), 'UTC')).toMatchObject({
      level,
      eveningMbps: evening,
      offPeakMbps: rest,
    })
  })

  it('reads the hours in the unit’s time zone', () => {
    // 19:30–22:30 in Riyadh (UTC+3) is 16:30–19:30 UTC: slow there, fast at the UTC evening.
    const points: VerdictPoint[] = []
    for (let day = 1; day <= 3; day += 1)
      for (let hour = 0; hour < 24; hour += 1)
        points.push(at(day, hour, hour >= 16 && hour < 20 ? 40 : 100))
    expect(eveningVerdict(points, 'Asia/Riyadh')?.level).toBe('poor')
    expect(eveningVerdict(points, 'UTC')?.level).toBe('good')
  })

  it('needs three results in each part, and ignores results without a value', () => {
    const few = [at(1, 20, 50), at(1, 21, 50), at(1, 8, 100), at(1, 9, 100), at(1, 10, 100)]
    expect(eveningVerdict(few, 'UTC')).toBeNull()
    expect(eveningVerdict([...few, at(1, 22, null)], 'UTC')).toBeNull()
    expect(eveningVerdict([...few, at(1, 22, 50)], 'UTC')?.level).toBe('poor')
  })
})

describe('localHour', () => {
  it.each([
    { zone: 'UTC', hour: 19 },
    { zone: 'Europe/London', hour: 19 },
    { zone: 'Asia/Riyadh', hour: 22 },
    { zone: 'America/Toronto', hour: 14 },
    { zone: undefined, hour: 19 },
    { zone: 'Not/AZone', hour: 19 },
  ])('19:30 UTC in $zone is hour $hour', ({ zone, hour }) => {
    expect(localHour(Date.UTC(2026, 2, 2, 19, 30), zone)).toBe(hour)
  })
})

describe('reliabilityVerdict: drops per week (≤1 and ≤10 min good; ≤4 and ≤1 h fair) and gaps', () => {
  it.each([
    { name: 'no drop', drops: [], level: 'good', count: 0 },
    { name: 'one short drop', drops: [drop(5, 3)], level: 'good', count: 1 },
    { name: 'one drop of 20 minutes', drops: [drop(5, 20)], level: 'fair', count: 1 },
    { name: 'three short drops', drops: [drop(5, 1), drop(9, 1), drop(30, 1)], level: 'fair' },
    { name: 'five drops', drops: [1, 2, 3, 4, 5].map((h) => drop(h, 1)), level: 'poor' },
    { name: 'one drop of two hours', drops: [drop(50, 120)], level: 'poor' },
    { name: 'unreliable drops left out', drops: [drop(5, 120, true)], level: 'good', count: 0 },
    { name: 'in progress for 30 minutes', drops: [drop(0.5, null)], level: 'fair', count: 1 },
  ])('$name: $level', ({ drops, level, count }) => {
    const verdict = reliabilityVerdict(drops, 0, 168, WEEK, NOW)
    expect(verdict.level).toBe(level)
    if (count !== undefined) expect(verdict.disconnections).toBe(count)
  })

  it('scales to the period: two drops in a fortnight are one a week', () => {
    expect(reliabilityVerdict([drop(5, 1), drop(200, 1)], 0, 10, 2 * WEEK, NOW).level).toBe('good')
    expect(reliabilityVerdict([drop(5, 1), drop(20, 1)], 0, 10, WEEK, NOW).level).toBe('fair')
  })

  it.each([
    { gaps: 0, results: 100, level: 'good' },
    { gaps: 5, results: 100, level: 'good' },
    { gaps: 10, results: 100, level: 'fair' },
    { gaps: 30, results: 100, level: 'poor' },
    { gaps: 0, results: 0, level: 'good' },
  ])('$gaps gaps in $results results: $level', ({ gaps, results, level }) => {
    expect(reliabilityVerdict([], gaps, results, WEEK, NOW).level).toBe(level)
  })
})

describe('verdictOf', () => {
  it('is the worst of its parts', () => {
    const verdict = verdictOf({
      points: week(95, 100),
      packageMbps: 100,
      timeZone: 'UTC',
      disconnections: [drop(5, 20)],
      periodMs: WEEK,
      now: NOW,
    })
    expect(verdict.speed?.level).toBe('good')
    expect(verdict.evening?.level).toBe('good')
    expect(verdict.reliability?.level).toBe('fair')
    expect(verdict.overall).toBe('fair')
    expect(verdict.weakest).toBe('reliability')
    expect(verdict.medianMbps).toBe(100)
  })

  it('judges what it can: no package, no disconnections known', () => {
    const verdict = verdictOf({
      points: week(50, 100),
      packageMbps: null,
      timeZone: 'UTC',
      disconnections: null,
      periodMs: WEEK,
      now: NOW,
    })
    expect(verdict).toMatchObject({
      overall: 'poor',
      weakest: 'evening',
      speed: null,
      reliability: null,
    })
  })

  it('has no verdict without anything to judge', () => {
    expect(
      verdictOf({
        points: [],
        packageMbps: 100,
        timeZone: 'UTC',
        disconnections: null,
        periodMs: WEEK,
        now: NOW,
      }),
    ).toEqual({
      overall: null,
      weakest: null,
      medianMbps: null,
      speed: null,
      evening: null,
      reliability: null,
    })
  })

  it('counts results without a value as gaps', () => {
    const points = [...week(100, 100), ...Array.from({ length: 40 }, (_, i) => at(8, i % 24, null))]
    expect(
      verdictOf({
        points,
        packageMbps: 100,
        timeZone: 'UTC',
        disconnections: [],
        periodMs: WEEK,
        now: NOW,
      }).reliability,
    ).toMatchObject({ level: 'poor', gaps: 40, results: 208 })
  })
})

describe('verdictOf: the weakest part names the headline', () => {
  it.each([
    { evening: 95, rest: 100, pkg: 100, drops: [], overall: 'good', weakest: null },
    { evening: 60, rest: 100, pkg: 100, drops: [], overall: 'poor', weakest: 'evening' },
    { evening: 40, rest: 40, pkg: 100, drops: [], overall: 'poor', weakest: 'speed' },
    // A tie at fair: speed (70 %) before evening (80 %).
    { evening: 56, rest: 70, pkg: 100, drops: [], overall: 'fair', weakest: 'speed' },
    {
      evening: 95,
      rest: 100,
      pkg: 100,
      drops: [drop(5, 120)],
      overall: 'poor',
      weakest: 'reliability',
    },
  ])('$overall, weakest $weakest', ({ evening, rest, pkg, drops, overall, weakest }) => {
    const verdict = verdictOf({
      points: week(evening, rest),
      packageMbps: pkg,
      timeZone: 'UTC',
      disconnections: drops,
      periodMs: WEEK,
      now: NOW,
    })
    expect(verdict.overall).toBe(overall)
    expect(verdict.weakest).toBe(weakest)
  })
})

describe('worstLevel', () => {
  it.each([
    ['good', 'good', 'good'],
    ['good', 'fair', 'fair'],
    ['poor', 'fair', 'poor'],
  ] as const)('%s and %s: %s', (a, b, worst) => {
    expect(worstLevel(a, b)).toBe(worst)
  })
})
