/**
 * Synthetic test history of one unit: scheduled test runs with package-shaped speeds, evening
 * congestion in the unit's own time zone, a few failed results, skipped runs and disconnections.
 *
 * Every value is drawn from a PRNG seeded by (unit, hour since the epoch), not by the position in
 * the window: the same unit at the same hour gets the same results whatever `now` the seed ran
 * with, so re-seeding later only adds hours at the end.
 */
import type { ConsumerMetricKey } from '../../../contracts/metrics.ts'
import { chance, gaussian, mulberry32, pick, sortableUuid, uniform, type Random } from './prng.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export type Connection = 'fibre' | 'mobile'

/** What the generator needs to know of a unit. */
export type UnitProfile = {
  id: number
  /** Personal units test hourly; fleet units every few hours. */
  personal: boolean
  timezone: string
  connection: Connection
  downloadMbps: number
  uploadMbps: number
  /** Round-trip time to the local target off-peak, in ms. */
  baseLatencyMs: number
  /** Name of the unit's local test target (e.g. akl-1). */
  localTarget: string
}

/** A window of history: runs at or after `from` and strictly before `until` (epoch ms). */
export type HistoryWindow = { from: number; until: number; withDisconnections: boolean }

export type MeasurementStatus = 'OK' | 'NO_DATA' | 'DEVICE_CANT_RUN_TEST' | 'ERROR'

/** One metric's measurements of one unit, oldest first, in columns. */
export type MetricSeries = {
  /** Epoch seconds. */
  dtime: number[]
  value: (number | null)[]
  status: MeasurementStatus[]
  bytes: number[]
  testId: string[]
  localTarget: boolean[]
  target: string[]
}

/** A unit's generated history: one series per metric it reports, and the runs it skipped. */
export type UnitHistory = {
  unitId: number
  series: Map<ConsumerMetricKey, MetricSeries>
  skipped: SkippedRow[]
  rows: number
}

function emptySeries(): MetricSeries {
  return { dtime: [], value: [], status: [], bytes: [], testId: [], localTarget: [], target: [] }
}

export type DisconnectionRow = {
  unitId: number
  start: number
  end: number | null
  isUnreliable: boolean
}
export type SkippedRow = { unitId: number; metricKey: string; dtime: number; reason: string }

/** Local wall-clock facts of an instant in a time zone. */
type LocalTime = { hour: number; weekend: boolean }

const formatters = new Map<string, Intl.DateTimeFormat>()
const localTimes = new Map<string, Map<number, LocalTime>>()

/**
 * The local hour and whether it is a weekend at `time` in `timeZone`. Cached per UTC hour: every
 * zone used here is a whole number of hours from UTC, so one lookup serves the whole hour.
 */
export function localTime(time: number, timeZone: string): LocalTime {
  const hourIndex = Math.floor(time / HOUR)
  let zone = localTimes.get(timeZone)
  if (!zone) {
    zone = new Map()
    localTimes.set(timeZone, zone)
  }
  const cached = zone.get(hourIndex)
  if (cached) return cached
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, format)
  }
  let hour = 0
  let weekday = ''
  for (const part of format.formatToParts(new Date(hourIndex * HOUR))) {
    if (part.type === 'hour') hour = Number(part.value)
    if (part.type === 'weekday') weekday = part.value
  }
  const result = { hour, weekend: weekday === 'Sat' || weekday === 'Sun' }
  zone.set(hourIndex, result)
  return result
}

/** Evening congestion 0..1 by local hour: the busy hours are 19:00–23:00, worst at 21:00. */
const EVENING = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.05, 0.2, 0.55, 0.85, 1, 0.8, 0.4,
]

/** How loaded the network is at a local hour (0 idle, 1 the evening peak); weekends are worse. */
export function congestion(hour: number, weekend: boolean): number {
  const evening = EVENING[hour] ?? 0
  if (!weekend) return evening
  // Weekend: everyone is home, so afternoons are busy too and the evening peak is deeper.
  const afternoon = hour >= 11 && hour < 18 ? 0.2 : 0
  return Math.min(1.2, evening * 1.2 + afternoon)
}

/** 32-bit mix of two integers (for per-unit, per-hour seeds). */
function mixSeed(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d)
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b)
  return (h ^ (h >>> 16)) >>> 0
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
const round = (value: number, digits: number) => {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/** The conditions one run meets: the hour's load and the unit's share of its package. */
type RunContext = {
  random: Random
  unit: UnitProfile
  load: number
  /** Fraction of the package the line delivers in this run (already congested). */
  downFraction: number
  upFraction: number
  latencyMs: number
  localTarget: boolean
}

/** Bytes a speed test of `seconds` at `mbps` moves. */
const transferBytes = (mbps: number, seconds: number) => Math.round((mbps * 1e6 * seconds) / 8)

/** One kind of scheduled test: which metrics one run produces and how often it runs. */
type TestKind = {
  name: string
  /** Hours between runs for personal units and for fleet units. */
  everyHours: { personal: number; fleet: number }
  /** Only units with this connection run it (mobile signal needs a mobile modem). */
  connection?: Connection
  metrics: (run: RunContext) => { key: ConsumerMetricKey; value: number; bytes: number }[]
}

const speed = (run: RunContext, direction: 'down' | 'up') =>
  direction === 'down'
    ? run.unit.downloadMbps * run.downFraction
    : run.unit.uploadMbps * run.upFraction

/** The test schedule of every unit (issue 4 §1: speeds and latency hourly on personal units). */
export const TEST_KINDS: TestKind[] = [
  {
    name: 'speed',
    everyHours: { personal: 1, fleet: 3 },
    metrics: (run) => {
      const down = round(speed(run, 'down'), 2)
      const up = round(speed(run, 'up'), 2)
      return [
        { key: 'httpgetmt', value: down, bytes: transferBytes(down, 5) },
        { key: 'httppostmt', value: up, bytes: transferBytes(up, 5) },
      ]
    },
  },
  {
    name: 'latency',
    everyHours: { personal: 1, fleet: 3 },
    metrics: (run) => {
      const loss = chance(run.random, 0.01)
        ? uniform(run.random, 2, 6)
        : Math.max(0, 0.02 + 0.5 * run.load * run.random() + 0.03 * gaussian(run.random))
      return [
        { key: 'udpLatency', value: round(run.latencyMs, 2), bytes: 60_000 },
        { key: 'udpPacketLoss', value: round(loss, 3), bytes: 40_000 },
      ]
    },
  },
  {
    name: 'udp-disconnects',
    everyHours: { personal: 1, fleet: 12 },
    metrics: (run) => {
      const drops = chance(run.random, 0.01 + 0.04 * run.load) ? pick(run.random, [1, 1, 2]) : 0
      return [{ key: 'udpDisconnects', value: drops, bytes: 8_000 }]
    },
  },
  {
    name: 'web-jitter',
    everyHours: { personal: 1, fleet: 12 },
    metrics: (run) => {
      const mobile = run.unit.connection === 'mobile' ? 3 : 1
      const value = mobile * (0.8 + 4 * run.load + Math.abs(gaussian(run.random)) * 0.6)
      return [{ key: 'web_jitter', value: round(value, 2), bytes: 150_000 }]
    },
  },
  {
    name: 'browsing',
    everyHours: { personal: 6, fleet: 24 },
    metrics: (run) => {
      const mobile = run.unit.connection === 'mobile' ? 2 : 1
      const dns = uniform(run.random, 6, 18) * (1 + 0.5 * run.load) * mobile
      const page = uniform(run.random, 550, 1300) * (1 + 0.35 * run.load) * mobile
      return [
        { key: 'dns_resolution', value: round(dns, 1), bytes: 4_000 },
        { key: 'web_page_load', value: Math.round(page), bytes: 3_500_000 },
      ]
    },
  },
  {
    name: 'responsiveness',
    everyHours: { personal: 1, fleet: 12 },
    metrics: (run) => {
      const base = run.unit.connection === 'mobile' ? 650 : 1900
      const value = Math.round(
        clamp(base * (1 - 0.45 * run.load) + 180 * gaussian(run.random), 80, 4000),
      )
      return [{ key: 'responsiveness', value, bytes: transferBytes(run.unit.downloadMbps, 2) }]
    },
  },
  {
    name: 'single-thread',
    everyHours: { personal: 3, fleet: 24 },
    metrics: (run) => {
      const down = speed(run, 'down')
      const up = speed(run, 'up')
      // One TCP stream rarely fills a fast line.
      const st = (mbps: number) => Math.min(mbps * uniform(run.random, 0.5, 0.75), 450)
      const getst = round(st(down), 2)
      const postst = round(st(up), 2)
      const get = round(down * uniform(run.random, 0.9, 0.99), 2)
      const post = round(up * uniform(run.random, 0.9, 0.99), 2)
      return [
        { key: 'httpgetst', value: getst, bytes: transferBytes(getst, 5) },
        { key: 'httppostst', value: postst, bytes: transferBytes(postst, 5) },
        { key: 'httpget', value: get, bytes: transferBytes(get, 5) },
        { key: 'httppost', value: post, bytes: transferBytes(post, 5) },
      ]
    },
  },
  {
    name: 'udp-accelerated',
    everyHours: { personal: 6, fleet: 24 },
    metrics: (run) => {
      const dl = round(run.unit.downloadMbps * clamp(run.downFraction + 0.03, 0.05, 0.99), 2)
      const ul = round(run.unit.uploadMbps * clamp(run.upFraction + 0.03, 0.05, 0.99), 2)
      return [
        { key: 'udp_accelerated_dl', value: dl, bytes: transferBytes(dl, 4) },
        { key: 'udp_accelerated_ul', value: ul, bytes: transferBytes(ul, 4) },
      ]
    },
  },
  {
    name: 'video',
    everyHours: { personal: 6, fleet: 24 },
    metrics: (run) => {
      const line = speed(run, 'down')
      const stream = (cap: number) => {
        // A stall now and then drops the stream below HD (the seeds' quality thresholds).
        if (chance(run.random, 0.01 + 0.02 * run.load))
          return round(uniform(run.random, 0.2, 1.6), 2)
        return round(Math.min(cap, line * 0.25) * uniform(run.random, 0.85, 1), 2)
      }
      const netflix = stream(16)
      const youtube = stream(20)
      const iplayer = stream(12)
      return [
        { key: 'video_netflix_bitrate', value: netflix, bytes: transferBytes(netflix, 20) },
        { key: 'video_youtube_bitrate', value: youtube, bytes: transferBytes(youtube, 20) },
        { key: 'video_iplayer_bitrate', value: iplayer, bytes: transferBytes(iplayer, 20) },
      ]
    },
  },
  {
    name: 'gaming',
    everyHours: { personal: 3, fleet: 12 },
    metrics: (run) => [
      {
        key: 'gaming_latency',
        value: round(run.latencyMs * 1.25 + uniform(run.random, 3, 9), 2),
        bytes: 25_000,
      },
    ],
  },
  {
    name: 'consistency',
    everyHours: { personal: 24, fleet: 24 },
    metrics: (run) => [
      {
        key: 'consistency_80_80',
        value: round(
          clamp(97 - 12 * run.random() - (run.unit.connection === 'mobile' ? 15 : 0), 0, 100),
          1,
        ),
        bytes: 0,
      },
    ],
  },
  {
    name: 'mobile-signal',
    everyHours: { personal: 1, fleet: 3 },
    connection: 'mobile',
    metrics: (run) => [
      {
        key: 'mobile_signal_strength',
        // 0 means the modem reported no value (seeds: mobile signal 0 = no value).
        value: chance(run.random, 0.03)
          ? 0
          : Math.round(clamp(-78 + 9 * gaussian(run.random), -115, -51)),
        bytes: 300,
      },
    ],
  },
]

/** Why a scheduled run did not happen: mostly the household was using the line. */
function skipReason(random: Random, load: number): string | null {
  if (chance(random, 0.015 + 0.06 * load)) return 'cross_traffic'
  if (chance(random, 0.002)) return 'maintenance'
  if (chance(random, 0.002)) return 'target_unavailable'
  return null
}

/** Disconnections of a unit: a few a week, 30 s to 2 h each (log-uniform, most are short). */
export function generateDisconnections(
  unit: UnitProfile,
  window: HistoryWindow,
): DisconnectionRow[] {
  const rows: DisconnectionRow[] = []
  if (!window.withDisconnections) return rows
  for (let day = Math.floor(window.from / DAY); day * DAY < window.until; day += 1) {
    const random = mulberry32(mixSeed(unit.id * 7919 + 17, day))
    const count = chance(random, 0.35) ? (chance(random, 0.15) ? 2 : 1) : 0
    for (let i = 0; i < count; i += 1) {
      const start = day * DAY + Math.floor(random() * DAY)
      const seconds = Math.round(30 * Math.exp(random() * Math.log(240)))
      const end = start + seconds * 1000
      if (start < window.from || end >= window.until) continue
      rows.push({ unitId: unit.id, start, end, isUnreliable: chance(random, 0.1) })
    }
  }
  rows.sort((a, b) => a.start - b.start)
  return rows
}

/** The unit's history in `window`; runs during one of `disconnections` do not happen. */
export function generateUnitHistory(
  unit: UnitProfile,
  window: HistoryWindow,
  disconnections: DisconnectionRow[],
): UnitHistory {
  const history: UnitHistory = { unitId: unit.id, series: new Map(), skipped: [], rows: 0 }
  const seriesOf = (key: ConsumerMetricKey) => {
    let series = history.series.get(key)
    if (!series) {
      series = emptySeries()
      history.series.set(key, series)
    }
    return series
  }
  // Runs start at a minute of the hour that differs per unit, so units do not all test at once.
  const minute = (unit.id * 7) % 60
  const firstHour = Math.floor(window.from / HOUR)
  const lastHour = Math.ceil(window.until / HOUR)
  let cut = 0
  // The unit's share of its package off-peak: ~85–98% (issue 4 §1).
  const quality = 0.85 + 0.13 * mulberry32(mixSeed(unit.id, 1))()
  const downDepth = unit.connection === 'mobile' ? 0.42 : 0.3
  const mobileLatency = unit.connection === 'mobile' ? 22 : 0
  for (let hourIndex = firstHour; hourIndex <= lastHour; hourIndex += 1) {
    const random = mulberry32(mixSeed(unit.id, hourIndex))
    const { hour, weekend } = localTime(hourIndex * HOUR, unit.timezone)
    const load = congestion(hour, weekend)
    let downFraction = clamp(
      quality + 0.025 * gaussian(random) - downDepth * load * uniform(random, 0.75, 1.15),
      0.05,
      0.99,
    )
    // Now and then a run falls below half the package (a breach).
    if (chance(random, 0.003 + 0.02 * load)) downFraction = uniform(random, 0.18, 0.48)
    const upFraction = clamp(quality + 0.02 * gaussian(random) - 0.1 * load, 0.05, 0.99)
    const spike = chance(random, 0.004 + 0.02 * load) ? uniform(random, 40, 180) : 0
    for (let kindIndex = 0; kindIndex < TEST_KINDS.length; kindIndex += 1) {
      const kind = TEST_KINDS[kindIndex]
      if (!kind) continue
      const every = unit.personal ? kind.everyHours.personal : kind.everyHours.fleet
      if (hourIndex % every !== 0) continue
      if (kind.connection && kind.connection !== unit.connection) continue
      const time =
        hourIndex * HOUR + minute * 60_000 + kindIndex * 40_000 + Math.floor(random() * 20) * 1000
      if (time < window.from || time >= window.until) continue
      while (cut < disconnections.length && (disconnections[cut]?.end ?? Infinity) < time) {
        cut += 1
      }
      const down = disconnections[cut]
      if (down && down.start <= time && (down.end === null || time < down.end)) continue
      const seconds = Math.floor(time / 1000)
      const reason = kind.name === 'consistency' ? null : skipReason(random, load)
      const localTarget = !chance(random, 0.15)
      const run: RunContext = {
        random,
        unit,
        load,
        downFraction,
        upFraction,
        // Queues fill in the evening (bufferbloat): latency grows with the load.
        latencyMs:
          (unit.baseLatencyMs + mobileLatency) * (1 + 0.08 * Math.abs(gaussian(random))) +
          load * (10 + 0.6 * unit.baseLatencyMs) +
          spike +
          (localTarget ? 0 : uniform(random, 18, 40)),
        localTarget,
      }
      const results = kind.metrics(run)
      if (reason) {
        for (const result of results) {
          history.skipped.push({ unitId: unit.id, metricKey: result.key, dtime: seconds, reason })
        }
        continue
      }
      const testId = sortableUuid(random, unit.id, seconds)
      const target = localTarget ? unit.localTarget : 'syd-offnet-1'
      for (const result of results) {
        const failure = random()
        const status: MeasurementStatus =
          failure < 0.004 ? 'ERROR' : failure < 0.007 ? 'NO_DATA' : 'OK'
        const series = seriesOf(result.key)
        series.dtime.push(seconds)
        series.value.push(status === 'OK' ? result.value : null)
        series.status.push(status)
        series.bytes.push(status === 'OK' ? result.bytes : Math.round(result.bytes / 10))
        series.testId.push(testId)
        series.localTarget.push(localTarget)
        series.target.push(target)
        history.rows += 1
      }
    }
  }
  return history
}
