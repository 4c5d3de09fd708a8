import { describe, expect, it } from 'vitest'
import { CONSUMER_METRIC_KEYS, type ConsumerMetricKey } from '../../../contracts/metrics.ts'
import {
  congestion,
  generateDisconnections,
  generateUnitHistory,
  localTime,
  type HistoryWindow,
  type UnitProfile,
} from './consumer-history.ts'
import { mulberry32, sortableUuid } from './prng.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
// A fixed instant so that every assertion sees the same data on every run.
const NOW = Date.UTC(2026, 10, 21, 17, 18, 0)

const fibre: UnitProfile = {
  id: 1,
  personal: true,
  timezone: 'Pacific/Auckland',
  connection: 'fibre',
  downloadMbps: 300,
  uploadMbps: 100,
  baseLatencyMs: 8,
  localTarget: 'akl-1',
}
const mobile: UnitProfile = { ...fibre, id: 2, connection: 'mobile', downloadMbps: 50 }
const window30: HistoryWindow = { from: NOW - 30 * DAY, until: NOW, withDisconnections: true }

function history(unit: UnitProfile, window: HistoryWindow = window30) {
  return generateUnitHistory(unit, window, generateDisconnections(unit, window))
}

function series(unit: UnitProfile, key: ConsumerMetricKey) {
  const found = history(unit).series.get(key)
  if (!found) throw new Error(`no ${key} series`)
  return found
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

/** OK values of a series whose local hour (Pacific/Auckland) is `hour`. */
function valuesAtLocalHour(key: ConsumerMetricKey, hour: number): number[] {
  const s = series(fibre, key)
  return s.dtime.flatMap((seconds, i) => {
    const value = s.value[i]
    return localTime(seconds * 1000, fibre.timezone).hour === hour && typeof value === 'number'
      ? [value]
      : []
  })
}

describe('prng', () => {
  it('repeats the same sequence for the same seed and stays in [0, 1)', () => {
    const a = mulberry32(42)
    const b = mulberry32(42)
    const first = Array.from({ length: 1000 }, () => a())
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first)
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true)
    expect(mulberry32(43)()).not.toBe(first[0])
    // Roughly uniform: the mean of 1000 draws is near 0.5.
    expect(mean(first)).toBeGreaterThan(0.45)
    expect(mean(first)).toBeLessThan(0.55)
  })

  it('makes version-8 UUIDs that sort by group, then time', () => {
    const random = mulberry32(1)
    const ids = [
      sortableUuid(random, 1, 1_795_000_000),
      sortableUuid(random, 1, 1_795_003_600),
      sortableUuid(random, 2, 1_700_000_000),
    ]
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect([...ids].sort()).toEqual(ids)
  })
})

describe('localTime', () => {
  it.each([
    // 21 Nov 2026 is NZ daylight time (UTC+13), a Saturday there from 11:00 UTC on the 20th.
    { utc: Date.UTC(2026, 10, 21, 7, 0), zone: 'Pacific/Auckland', hour: 20, weekend: true },
    { utc: Date.UTC(2026, 10, 23, 15, 0), zone: 'Pacific/Auckland', hour: 4, weekend: false },
    // Sydney is UTC+11 in November.
    { utc: Date.UTC(2026, 10, 23, 9, 0), zone: 'Australia/Sydney', hour: 20, weekend: false },
    { utc: Date.UTC(2026, 10, 23, 16, 0), zone: 'Asia/Muscat', hour: 20, weekend: false },
    { utc: Date.UTC(2026, 10, 21, 17, 0), zone: 'Asia/Riyadh', hour: 20, weekend: true },
  ])('$zone at $utc is $hour:00 (weekend $weekend)', ({ utc, zone, hour, weekend }) => {
    expect(localTime(utc + 25 * 60_000, zone)).toEqual({ hour, weekend })
  })
})

describe('congestion', () => {
  it.each([
    { hour: 4, weekend: false, expected: 0 },
    { hour: 12, weekend: false, expected: 0 },
    { hour: 19, weekend: false, expected: 0.55 },
    { hour: 21, weekend: false, expected: 1 },
    { hour: 23, weekend: false, expected: 0.4 },
    { hour: 14, weekend: true, expected: 0.2 },
    { hour: 21, weekend: true, expected: 1.2 },
  ])('is $expected at $hour:00 (weekend $weekend)', ({ hour, weekend, expected }) => {
    expect(congestion(hour, weekend)).toBeCloseTo(expected, 5)
  })
})

describe('generateUnitHistory', () => {
  it('is deterministic: the same unit and window give the same rows', () => {
    const a = history(fibre)
    const b = history(fibre)
    expect(b).toEqual(a)
    expect(a.rows).toBeGreaterThan(5000)
    expect(
      history({ ...fibre, id: 3 })
        .series.get('httpgetmt')
        ?.value.slice(0, 20),
    ).not.toEqual(a.series.get('httpgetmt')?.value.slice(0, 20))
  })

  it('keeps past hours identical when the window grows (seeded per unit and hour)', () => {
    const shorter = { from: NOW - 10 * DAY, until: NOW - DAY, withDisconnections: false }
    const longer = { ...shorter, until: NOW }
    const a = generateUnitHistory(fibre, shorter, []).series.get('udpLatency')
    const b = generateUnitHistory(fibre, longer, []).series.get('udpLatency')
    expect(a?.dtime.length).toBeGreaterThan(100)
    expect(b?.dtime.slice(0, a?.dtime.length)).toEqual(a?.dtime)
    expect(b?.value.slice(0, a?.value.length)).toEqual(a?.value)
    expect(b?.testId.slice(0, a?.testId.length)).toEqual(a?.testId)
  })

  it('runs speed and latency tests hourly on personal units, every 3 h on fleet units', () => {
    const hours = 30 * 24
    const personal = series(fibre, 'httpgetmt').dtime.length
    const skippedOrDown = hours - personal
    expect(personal).toBeGreaterThan(hours * 0.85)
    expect(skippedOrDown).toBeGreaterThan(0)
    const fleet = generateUnitHistory({ ...fibre, personal: false }, window30, []).series.get(
      'udpLatency',
    )
    expect(fleet?.dtime.length).toBeGreaterThan((hours / 3) * 0.85)
    expect(fleet?.dtime.length).toBeLessThanOrEqual(hours / 3 + 1)
  })

  it('shares one test id between the metrics one run produced', () => {
    const down = series(fibre, 'httpgetmt')
    const up = series(fibre, 'httppostmt')
    expect(up.testId).toEqual(down.testId)
    expect(new Set(down.testId).size).toBe(down.testId.length)
    expect(up.dtime).toEqual(down.dtime)
  })

  it('shapes speeds by the package: 85–98% off-peak, never above it', () => {
    const all = series(fibre, 'httpgetmt').value.filter((v): v is number => v !== null)
    expect(Math.max(...all)).toBeLessThanOrEqual(300)
    const night = valuesAtLocalHour('httpgetmt', 4)
    const median = [...night].sort((a, b) => a - b)[Math.floor(night.length / 2)] ?? 0
    expect(median / 300).toBeGreaterThan(0.8)
    expect(median / 300).toBeLessThan(0.99)
  })

  it.each<{ key: ConsumerMetricKey; evening: 'lower' | 'higher' }>([
    { key: 'httpgetmt', evening: 'lower' },
    { key: 'responsiveness', evening: 'lower' },
    { key: 'udpLatency', evening: 'higher' },
    { key: 'web_jitter', evening: 'higher' },
    { key: 'udpPacketLoss', evening: 'higher' },
  ])('shows evening congestion: $key is $evening at 20:00 than at 04:00', ({ key, evening }) => {
    const at20 = mean(valuesAtLocalHour(key, 20))
    const at04 = mean(valuesAtLocalHour(key, 4))
    if (evening === 'lower') expect(at20).toBeLessThan(at04 * 0.9)
    else expect(at20).toBeGreaterThan(at04)
  })

  it('records bytes per test: hundreds of MB for speed, kilobytes for latency', () => {
    const speed = series(fibre, 'httpgetmt')
    const okBytes = speed.bytes.filter((_, i) => speed.status[i] === 'OK')
    expect(mean(okBytes)).toBeGreaterThan(100e6)
    expect(mean(okBytes)).toBeLessThan(200e6)
    expect(Math.max(...series(fibre, 'udpLatency').bytes)).toBeLessThan(100_000)
  })

  it('returns a few NO_DATA and ERROR results, with no value', () => {
    const s = series(fibre, 'udpLatency')
    const failed = s.status.flatMap((status, i) => (status === 'OK' ? [] : [i]))
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.length).toBeLessThan(s.status.length * 0.03)
    expect(failed.every((i) => s.value[i] === null)).toBe(true)
    expect(new Set(failed.map((i) => s.status[i]))).toEqual(new Set(['ERROR', 'NO_DATA']))
  })

  it('gives mobile signal strength to mobile units only, with some 0 (no value) readings', () => {
    expect(history(fibre).series.has('mobile_signal_strength')).toBe(false)
    const signal = series(mobile, 'mobile_signal_strength').value.filter(
      (v): v is number => v !== null,
    )
    expect(signal.filter((v) => v === 0).length).toBeGreaterThan(0)
    expect(signal.filter((v) => v !== 0).every((v) => v <= -51 && v >= -115)).toBe(true)
  })

  it('produces every consumer metric for a mobile unit', () => {
    expect([...history(mobile).series.keys()].sort()).toEqual(CONSUMER_METRIC_KEYS.slice().sort())
    expect(CONSUMER_METRIC_KEYS.slice().sort()).toEqual(
      [
        'consistency_80_80',
        'dns_resolution',
        'gaming_latency',
        'httpget',
        'httpgetmt',
        'httpgetst',
        'httppost',
        'httppostmt',
        'httppostst',
        'mobile_signal_strength',
        'responsiveness',
        'udpDisconnects',
        'udpLatency',
        'udpPacketLoss',
        'udp_accelerated_dl',
        'udp_accelerated_ul',
        'video_iplayer_bitrate',
        'video_netflix_bitrate',
        'video_youtube_bitrate',
        'web_jitter',
        'web_page_load',
      ].sort(),
    )
  })

  it('skips some runs, mostly for cross traffic', () => {
    const { skipped } = history(fibre)
    const crossTraffic = skipped.filter((row) => row.reason === 'cross_traffic').length
    expect(skipped.length).toBeGreaterThan(10)
    expect(crossTraffic / skipped.length).toBeGreaterThan(0.7)
  })
})

describe('generateDisconnections', () => {
  it('makes a few a week of 30 s to 2 h, and no test runs while disconnected', () => {
    const downs = generateDisconnections(fibre, window30)
    expect(downs.length).toBeGreaterThanOrEqual(4)
    expect(downs.length).toBeLessThanOrEqual(30)
    for (const down of downs) {
      const seconds = ((down.end ?? 0) - down.start) / 1000
      expect(seconds).toBeGreaterThanOrEqual(30)
      expect(seconds).toBeLessThanOrEqual(7200)
    }
    const times = series(fibre, 'udpLatency').dtime.map((s) => s * 1000)
    for (const down of downs) {
      expect(times.some((t) => t >= down.start && t < (down.end ?? Infinity))).toBe(false)
    }
  })

  it('makes none when disconnection measurements are off', () => {
    expect(generateDisconnections(fibre, { ...window30, withDisconnections: false })).toEqual([])
  })
})

it('ends every history before the window ends (an offline unit stops reporting)', () => {
  const until = NOW - 5 * HOUR
  const h = generateUnitHistory(fibre, { ...window30, until }, [])
  for (const s of h.series.values()) {
    expect(Math.max(...s.dtime) * 1000).toBeLessThan(until)
  }
})
