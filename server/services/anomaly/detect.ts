/**
 * The fault finder's detector, as rules (contracts/anomalies.ts): from each area's day figures,
 * which days are anomalous, how they run into anomalies and how anomalies gather into one
 * collection per area and time. No I/O: detector.ts reads the figures and stores the answer.
 *
 * An area's day is compared with its baseline: the median of the same figure over the 28 days
 * before (at least 14 of them with enough units). Days where fewer than five units reported are
 * neither judged nor part of a baseline (too few to say anything, and the maps hide such areas),
 * nor is an area's current day (not whole yet). One normal day inside an anomaly does not end it.
 */
import type {
  AnomalyMetric,
  AnomalyState,
  AnomalyType,
  TrendPoint,
} from '../../../contracts/anomalies.ts'

/** One area's results of one metric on one local day. */
export type AreaDay = {
  area: string
  metric: AnomalyMetric
  /** YYYY-MM-DD. */
  day: string
  /** Units with a result (of any status) that day. */
  units: number
  /** OK results, their sum, and results that failed (error or no data). */
  ok: number
  sum: number
  failed: number
}

/** The whole panel's OK results of one metric on one day (sample sizes are read against it). */
export type PanelDay = { metric: AnomalyMetric; day: string; ok: number }

export const MIN_UNITS = 5
export const BASELINE_DAYS = 28
export const MIN_BASELINE_DAYS = 14
/** Days judged, ending at the latest day. */
export const DETECT_DAYS = 30
/** Days of trend before an anomaly's first day. */
export const TREND_LEAD_DAYS = 14

/** When a day's figure is anomalous against its baseline, per type (and metric). */
export const THRESHOLDS = {
  /** Speeds at most 70% of usual. */
  speedRatio: 0.7,
  /** Latency at least 1.5× usual and 10 ms more. */
  latencyRatio: 1.5,
  latencyMs: 10,
  /** Packet loss at least twice usual and 1 point more. */
  lossRatio: 2,
  lossPoints: 1,
  /** Success rate 10 points under usual, with at least five failures (one in nine is chance). */
  successPoints: 10,
  minFailures: 5,
  /** Half the tests the area's usual share of the panel's would give, or fewer. */
  sampleRatio: 0.5,
} as const

/** Sample size is judged on the most run test only: a quiet area is quiet in every metric. */
export const SAMPLE_SIZE_METRIC: AnomalyMetric = 'download'

export type DetectedAnomaly = {
  type: AnomalyType
  metric: AnomalyMetric
  state: AnomalyState
  firstDay: string
  lastDay: string
  /** The worst day's figure and its baseline. */
  value: number
  baseline: number
  trend: TrendPoint[]
}

export type DetectedCollection = {
  area: string
  state: AnomalyState
  firstDay: string
  lastDay: string
  anomalies: DetectedAnomaly[]
}

type Figure = { type: AnomalyType; metric: AnomalyMetric }

const DAY_MS = 86_400_000
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The figure of a type on one area day (undefined when there is none to judge). */
function figureOf(
  type: AnomalyType,
  row: AreaDay,
  panelOk: number | undefined,
): number | undefined {
  switch (type) {
    case 'measurement':
      return row.ok > 0 ? row.sum / row.ok : undefined
    case 'success_rate':
      return row.ok + row.failed > 0 ? (100 * row.ok) / (row.ok + row.failed) : undefined
    case 'sample_size':
      // The area's share of the panel's tests: a panel-wide gap (no data yet today) is no anomaly.
      return panelOk ? row.ok / panelOk : undefined
    case 'outage':
      return undefined
  }
}

/** Whether a day's figure is anomalous against its baseline. */
export function isAnomalous(figure: Figure, value: number, baseline: number): boolean {
  const t = THRESHOLDS
  switch (figure.type) {
    case 'measurement':
      if (figure.metric === 'download' || figure.metric === 'upload')
        return baseline > 0 && value <= baseline * t.speedRatio
      if (figure.metric === 'latency')
        return value >= baseline * t.latencyRatio && value - baseline >= t.latencyMs
      if (figure.metric === 'packet_loss')
        return value >= baseline * t.lossRatio && value - baseline >= t.lossPoints
      return false
    case 'success_rate':
      return baseline - value >= t.successPoints
    case 'sample_size':
      return baseline > 0 && value <= baseline * t.sampleRatio
    case 'outage':
      return false
  }
}

/** Which figure of a day is worse (for the anomaly's worst day). */
function worse(figure: Figure, a: number, b: number): boolean {
  if (
    figure.type === 'measurement' &&
    (figure.metric === 'latency' || figure.metric === 'packet_loss')
  )
    return a > b
  return a < b
}

const FIGURES = (metric: AnomalyMetric): Figure[] => [
  { type: 'measurement', metric },
  { type: 'success_rate', metric },
  ...(metric === SAMPLE_SIZE_METRIC ? [{ type: 'sample_size' as const, metric }] : []),
]

type Judged = { day: string; value: number; baseline: number | null; anomalous: boolean }

/** Every judged day of one area's figure, oldest first. */
function judge(
  figure: Figure,
  days: Map<string, AreaDay>,
  panel: Map<string, number>,
  from: string,
  latest: string,
): Judged[] {
  const history: { day: string; value: number }[] = []
  const judged: Judged[] = []
  const start = addDays(from, -BASELINE_DAYS)
  for (let day = start; day <= latest; day = addDays(day, 1)) {
    const row = days.get(day)
    if (!row || row.units < MIN_UNITS) continue
    const raw = figureOf(figure.type, row, panel.get(day))
    if (raw === undefined) continue
    const window = history.filter((h) => daysBetween(h.day, day) <= BASELINE_DAYS)
    const baseline = window.length >= MIN_BASELINE_DAYS ? median(window.map((h) => h.value)) : null
    if (day >= from) {
      const enough = figure.type !== 'success_rate' || row.failed >= THRESHOLDS.minFailures
      judged.push({
        day,
        value: raw,
        baseline,
        anomalous: baseline !== null && enough && isAnomalous(figure, raw, baseline),
      })
    }
    history.push({ day, value: raw })
  }
  return judged
}

/** Sample-size figures read as tests a day: the share times the panel's tests that day. */
function scale(figure: Figure, value: number, panelOk: number | undefined): number {
  return figure.type === 'sample_size' ? value * (panelOk ?? 0) : value
}

const round = (value: number) => Math.round(value * 100) / 100

/** Closed once a later day is normal; new while first seen no earlier than the day before. */
function stateOf(firstDay: string, lastDay: string, latest: string): AnomalyState {
  if (lastDay < latest) return 'closed'
  return firstDay >= addDays(latest, -1) ? 'new' : 'ongoing'
}

/** The runs of consecutive anomalous days of one area's figure, as anomalies. */
function anomaliesOf(
  figure: Figure,
  judged: Judged[],
  panel: Map<string, number>,
  latest: string,
): DetectedAnomaly[] {
  const found: DetectedAnomaly[] = []
  let run: Judged[] = []
  const close = () => {
    const first = run[0]
    const last = run.at(-1)
    if (!first || !last) return
    let worst = first
    for (const day of run) if (worse(figure, day.value, worst.value)) worst = day
    const trendFrom = addDays(first.day, -TREND_LEAD_DAYS)
    found.push({
      ...figure,
      state: stateOf(first.day, last.day, latest),
      firstDay: first.day,
      lastDay: last.day,
      value: round(scale(figure, worst.value, panel.get(worst.day))),
      baseline: round(scale(figure, worst.baseline ?? 0, panel.get(worst.day))),
      trend: judged
        .filter((day) => day.day >= trendFrom)
        .map((day) => ({
          day: day.day,
          value: round(scale(figure, day.value, panel.get(day.day))),
          baseline:
            day.baseline === null ? null : round(scale(figure, day.baseline, panel.get(day.day))),
        })),
    })
    run = []
  }
  for (const day of judged.filter((judgedDay) => judgedDay.anomalous)) {
    // One normal day between anomalous ones does not split the anomaly (noise); two do.
    const previous = run.at(-1)
    if (previous && daysBetween(previous.day, day.day) > 2) close()
    run.push(day)
  }
  close()
  return found
}

/**
 * The collections of a panel's areas: every anomaly of the last DETECT_DAYS days ending at
 * `latest` (the panel's latest day with results), grouped per area into collections of anomalies
 * that overlap or follow each other within a day. Only whole days are judged. An anomaly is
 * open while it is seen on its area's latest whole day; a collection is open while one of its
 * anomalies is, and new while first seen no earlier than the day before that.
 * Newest collections first.
 */
export function detect(
  rows: AreaDay[],
  panelDays: PanelDay[],
  latest: string,
): DetectedCollection[] {
  const from = addDays(latest, -(DETECT_DAYS - 1))
  const byAreaMetric = new Map<
    string,
    { area: string; metric: AnomalyMetric; days: Map<string, AreaDay> }
  >()
  for (const row of rows) {
    const key = `${row.area}\u0000${row.metric}`
    let entry = byAreaMetric.get(key)
    if (!entry) {
      entry = { area: row.area, metric: row.metric, days: new Map<string, AreaDay>() }
      byAreaMetric.set(key, entry)
    }
    entry.days.set(row.day, row)
  }
  const panelOk = new Map<AnomalyMetric, Map<string, number>>()
  for (const row of panelDays) {
    let days = panelOk.get(row.metric)
    if (!days) {
      days = new Map<string, number>()
      panelOk.set(row.metric, days)
    }
    days.set(row.day, row.ok)
  }

  // An area's latest whole day: the day before its latest, which is still filling up with
  // whichever units happened to report first (their mean is not the area's, their count not its
  // day's). Per area: its units' local day may be the panel's yesterday (time zones).
  const areaLatest = new Map<string, string>()
  for (const row of rows) {
    if (row.day <= latest && row.day > (areaLatest.get(row.area) ?? '')) {
      areaLatest.set(row.area, row.day)
    }
  }
  const wholeDay = (area: string) => addDays(areaLatest.get(area) ?? latest, -1)

  const perArea = new Map<string, DetectedAnomaly[]>()
  for (const { area, metric, days } of byAreaMetric.values()) {
    const panel = panelOk.get(metric) ?? new Map<string, number>()
    const until = wholeDay(area)
    for (const figure of FIGURES(metric)) {
      const judged = judge(figure, days, panel, from, until)
      const found = anomaliesOf(figure, judged, panel, until)
      if (found.length > 0) perArea.set(area, [...(perArea.get(area) ?? []), ...found])
    }
  }

  const collections: DetectedCollection[] = []
  for (const [area, found] of perArea) {
    const sorted = [...found].sort((a, b) => a.firstDay.localeCompare(b.firstDay))
    let current: DetectedAnomaly[] = []
    let lastDay = ''
    const flush = () => {
      const first = current[0]
      if (!first) return
      const open = current.some((anomaly) => anomaly.state !== 'closed')
      const fresh = first.firstDay >= addDays(wholeDay(area), -1)
      collections.push({
        area,
        state: !open ? 'closed' : fresh ? 'new' : 'ongoing',
        firstDay: first.firstDay,
        lastDay,
        anomalies: current,
      })
      current = []
    }
    for (const anomaly of sorted) {
      if (current.length > 0 && daysBetween(lastDay, anomaly.firstDay) > 1) flush()
      // One anomaly of a figure per collection: a second run of the same figure starts a new one.
      if (current.some((a) => a.type === anomaly.type && a.metric === anomaly.metric)) flush()
      current.push(anomaly)
      lastDay = current.length === 1 || anomaly.lastDay > lastDay ? anomaly.lastDay : lastDay
    }
    flush()
  }
  return collections.sort(
    (a, b) => b.firstDay.localeCompare(a.firstDay) || a.area.localeCompare(b.area),
  )
}
