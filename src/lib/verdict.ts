/**
 * The dashboard's verdict: is the broadband delivering what the customer pays for? Pure rules over
 * the figures the dashboard already loads (the download results of the period, the package speed,
 * the disconnections), so that the words a customer reads and their thresholds live in one place.
 *
 * Thresholds (README-worthy; change them here and the table tests say what moved):
 * - Speed: the period's median download as a share of the package's download speed.
 *   good ≥ 80 %, fair ≥ 50 %, poor below (below 50 % is also where a result counts as a breach).
 * - Evening: the median download of the evening peak (19:00–23:00 in the unit's time zone) as a
 *   share of the median of the rest of the day. good ("steady") ≥ 90 %, fair ≥ 75 %, poor below.
 *   Judged only with at least EVENING_MIN_POINTS results in each part.
 * - Reliability: disconnections (unreliable measurements left out), scaled to a week.
 *   good: at most 1 a week and at most 10 minutes down a week; fair: at most 4 a week and at most
 *   an hour down a week; poor beyond. Gaps (results without a value: failed or missing tests) as a
 *   share of all results: good ≤ 5 %, fair ≤ 15 %, poor beyond. The worse of the two counts.
 * - Overall: the worst of the parts that could be judged.
 */

export type VerdictLevel = 'good' | 'fair' | 'poor'

/** Levels from best to worst (the overall verdict is the worst of its parts). */
export const VERDICT_LEVELS: readonly VerdictLevel[] = ['good', 'fair', 'poor']

/** Median download ÷ package download. */
export const SPEED_THRESHOLDS = { good: 0.8, fair: 0.5 } as const
/** Evening-peak median ÷ off-peak median. */
export const EVENING_THRESHOLDS = { good: 0.9, fair: 0.75 } as const
/** Disconnections and time disconnected, per 7 days. */
export const RELIABILITY_THRESHOLDS = {
  good: { perWeek: 1, secondsPerWeek: 10 * 60 },
  fair: { perWeek: 4, secondsPerWeek: 60 * 60 },
} as const
/** Results without a value ÷ all results. */
export const GAP_THRESHOLDS = { good: 0.05, fair: 0.15 } as const
/** The evening peak: local hours from EVENING_START up to (not including) EVENING_END. */
export const EVENING_START = 19
export const EVENING_END = 23
/** Fewest results in the evening and in the rest of the day for an evening verdict. */
export const EVENING_MIN_POINTS = 3

const WEEK_SECONDS = 7 * 24 * 3600

/** A download result: time (ms since the epoch) and value in Mbps (null: no value, a gap). */
export type VerdictPoint = { x: number; y: number | null }

/** A disconnection: its duration in seconds (null while in progress: measured to `now`). */
export type VerdictDisconnection = {
  startMs: number
  durationSeconds: number | null
  isUnreliable: boolean
}

export type SpeedVerdict = {
  level: VerdictLevel
  medianMbps: number
  packageMbps: number
  /** medianMbps ÷ packageMbps. */
  ratio: number
}

export type EveningVerdict = {
  level: VerdictLevel
  eveningMbps: number
  offPeakMbps: number
  /** eveningMbps ÷ offPeakMbps. */
  ratio: number
}

export type ReliabilityVerdict = {
  level: VerdictLevel
  disconnections: number
  secondsDisconnected: number
  /** Results without a value and all results of the period. */
  gaps: number
  results: number
}

/** The parts of a verdict. */
export type VerdictPart = 'speed' | 'evening' | 'reliability'

export type Verdict = {
  /** The worst of the parts; null when nothing could be judged. */
  overall: VerdictLevel | null
  /**
   * The part at the overall level when that is not good (the headline names it); on a tie, speed
   * before evening before reliability. Null when the overall verdict is good or absent.
   */
  weakest: VerdictPart | null
  /** The period's median download (null without any result). */
  medianMbps: number | null
  /** Null without a package or without results. */
  speed: SpeedVerdict | null
  /** Null with too few results in the evening or in the rest of the day. */
  evening: EveningVerdict | null
  /** Null when the disconnections are not known. */
  reliability: ReliabilityVerdict | null
}

export type VerdictInput = {
  points: readonly VerdictPoint[]
  packageMbps: number | null
  /** The unit's IANA time zone (for the evening); undefined: UTC. */
  timeZone: string | undefined
  /** Null when not loaded or not measured for the unit. */
  disconnections: readonly VerdictDisconnection[] | null
  /** The period's length in ms (scales disconnections to a week). */
  periodMs: number
  /** Now, ms since the epoch (the length of a disconnection in progress). */
  now: number
}

/** The median of some numbers (the mean of the middle two for an even count), null when none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  if (sorted.length % 2 === 1) return sorted[middle] ?? null
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The level of a ratio where higher is better. */
export function levelAtLeast(
  ratio: number,
  thresholds: { good: number; fair: number },
): VerdictLevel {
  if (ratio >= thresholds.good) return 'good'
  if (ratio >= thresholds.fair) return 'fair'
  return 'poor'
}

/** The level of a figure where lower is better. */
function levelAtMost(value: number, thresholds: { good: number; fair: number }): VerdictLevel {
  if (value <= thresholds.good) return 'good'
  if (value <= thresholds.fair) return 'fair'
  return 'poor'
}

/** The worse of two levels. */
export function worstLevel(a: VerdictLevel, b: VerdictLevel): VerdictLevel {
  return VERDICT_LEVELS.indexOf(a) >= VERDICT_LEVELS.indexOf(b) ? a : b
}

const hourFormats = new Map<string, Intl.DateTimeFormat>()

/** The hour (0–23) of a time in a time zone (UTC when the zone is unknown or invalid). */
export function localHour(time: number, timeZone: string | undefined): number {
  const zone = timeZone ?? 'UTC'
  let format = hourFormats.get(zone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: 'numeric',
        hourCycle: 'h23',
      })
    } catch {
      return new Date(time).getUTCHours()
    }
    hourFormats.set(zone, format)
  }
  const hour = Number(format.formatToParts(time).find((part) => part.type === 'hour')?.value)
  return Number.isFinite(hour) ? hour % 24 : new Date(time).getUTCHours()
}

/** Whether a local hour is in the evening peak. */
export function isEveningHour(hour: number): boolean {
  return hour >= EVENING_START && hour < EVENING_END
}

/** The speed part: median download against the package. */
export function speedVerdict(
  medianMbps: number | null,
  packageMbps: number | null,
): SpeedVerdict | null {
  if (medianMbps === null || packageMbps === null || packageMbps <= 0) return null
  const ratio = medianMbps / packageMbps
  return { level: levelAtLeast(ratio, SPEED_THRESHOLDS), medianMbps, packageMbps, ratio }
}

/** The evening part: evening-peak median against the rest of the day's. */
export function eveningVerdict(
  points: readonly VerdictPoint[],
  timeZone: string | undefined,
): EveningVerdict | null {
  const evening: number[] = []
  const offPeak: number[] = []
  for (const point of points) {
    if (point.y === null || !Number.isFinite(point.y)) continue
    ;(isEveningHour(localHour(point.x, timeZone)) ? evening : offPeak).push(point.y)
  }
  if (evening.length < EVENING_MIN_POINTS || offPeak.length < EVENING_MIN_POINTS) return null
  const eveningMbps = medianOf(evening) ?? 0
  const offPeakMbps = medianOf(offPeak) ?? 0
  if (offPeakMbps <= 0) return null
  const ratio = eveningMbps / offPeakMbps
  return { level: levelAtLeast(ratio, EVENING_THRESHOLDS), eveningMbps, offPeakMbps, ratio }
}

/** The reliability part: disconnections per week and the share of results without a value. */
export function reliabilityVerdict(
  disconnections: readonly VerdictDisconnection[],
  gaps: number,
  results: number,
  periodMs: number,
  now: number,
): ReliabilityVerdict {
  let count = 0
  let seconds = 0
  for (const d of disconnections) {
    if (d.isUnreliable) continue
    count += 1
    seconds += d.durationSeconds ?? Math.max(0, (now - d.startMs) / 1000)
  }
  const weeks = Math.max(periodMs / 1000, 1) / WEEK_SECONDS
  const perWeek = count / weeks
  const secondsPerWeek = seconds / weeks
  const { good, fair } = RELIABILITY_THRESHOLDS
  const drops: VerdictLevel =
    perWeek <= good.perWeek && secondsPerWeek <= good.secondsPerWeek
      ? 'good'
      : perWeek <= fair.perWeek && secondsPerWeek <= fair.secondsPerWeek
        ? 'fair'
        : 'poor'
  const gapLevel = results > 0 ? levelAtMost(gaps / results, GAP_THRESHOLDS) : 'good'
  return {
    level: worstLevel(drops, gapLevel),
    disconnections: count,
    secondsDisconnected: Math.round(seconds),
    gaps,
    results,
  }
}

/** The whole verdict of a period. */
export function verdictOf(input: VerdictInput): Verdict {
  const values: number[] = []
  let gaps = 0
  for (const point of input.points) {
    if (point.y === null || !Number.isFinite(point.y)) gaps += 1
    else values.push(point.y)
  }
  const medianMbps = medianOf(values)
  const speed = speedVerdict(medianMbps, input.packageMbps)
  const evening = eveningVerdict(input.points, input.timeZone)
  const reliability =
    input.disconnections === null
      ? null
      : reliabilityVerdict(
          input.disconnections,
          gaps,
          input.points.length,
          input.periodMs,
          input.now,
        )
  const levels = [speed?.level, evening?.level, reliability?.level].filter(
    (level): level is VerdictLevel => level !== undefined,
  )
  const overall = levels.length === 0 ? null : levels.reduce(worstLevel)
  const parts = { speed, evening, reliability }
  const weakest =
    overall === null || overall === 'good'
      ? null
      : ((['speed', 'evening', 'reliability'] as const).find(
          (part) => parts[part]?.level === overall,
        ) ?? null)
  return { overall, weakest, medianMbps, speed, evening, reliability }
}
