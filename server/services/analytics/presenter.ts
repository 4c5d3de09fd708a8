/**
 * Chart series from the summed buckets of chartGroups (pure): the §3.3 and §9 read rules (mobile
 * signal 0 is no value, prefilters counted as excluded), normalisation (% of the unit's package
 * speed), agent aggregation (each unit's median first, then across units), percentiles, CI, cdf,
 * sorting when split and hide-insignificant.
 */
import {
  CI_LEVELS,
  effectiveSort,
  hideInsignificant,
  isNoValue,
  passesPrefilter,
  PERCENTILES,
  prefilterOf,
  type ChartForm,
  type ChartRow,
  type CiLevel,
  type Interval,
  type PlotValue,
  type RawPoint,
} from '../../../contracts/analytics.ts'
import type { StoreMetricKey } from '../../../contracts/ingestion.ts'
import { keyValue } from '../../../contracts/quantile-sketch.ts'
import type { GroupRow, RawRow } from './repository.ts'

/** A distribution as weighted values (bucket representatives or exact values), with exact ends. */
export type Weighted = {
  values: number[]
  weights: number[]
  count: number
  sum: number
  min: number
  max: number
}

/** Nearest-rank quantile (rank ceil(q·n), ≥ 1) of sorted weighted values; the ends exact. */
export function weightedQuantile(d: Weighted, q: number): number | null {
  if (d.count === 0) return null
  const rank = Math.max(1, Math.ceil(q * d.count - 1e-9))
  return valueAtRank(d, rank)
}

function valueAtRank(d: Weighted, rank: number): number | null {
  if (d.count === 0) return null
  if (rank <= 1) return d.min
  if (rank >= d.count) return d.max
  let seen = 0
  for (let i = 0; i < d.values.length; i += 1) {
    seen += d.weights[i] ?? 0
    if (seen >= rank) return Math.min(d.max, Math.max(d.min, d.values[i] ?? 0))
  }
  return d.max
}

function sorted(pairs: [number, number][]): Weighted {
  pairs.sort((a, b) => a[0] - b[0])
  let count = 0
  let sum = 0
  for (const [value, weight] of pairs) {
    count += weight
    sum += value * weight
  }
  return {
    values: pairs.map((p) => p[0]),
    weights: pairs.map((p) => p[1]),
    count,
    sum,
    min: pairs[0]?.[0] ?? NaN,
    max: pairs.at(-1)?.[0] ?? NaN,
  }
}

/**
 * One group's kept values: key representatives, minus no-value and prefiltered ones (counted as
 * excluded), scaled to % of the package speed when normalising. The exact min, max and sum are
 * kept when nothing was dropped or scaled.
 */
export function groupValues(
  metric: StoreMetricKey,
  group: Pick<GroupRow, 'keys' | 'counts' | 'count' | 'sum' | 'min' | 'max' | 'tech' | 'speed'>,
  normalised: boolean,
): { kept: Weighted; excluded: number } {
  const rule = prefilterOf(metric, group.tech)
  const pairs: [number, number][] = []
  let excluded = 0
  let dropped = 0
  const keys = group.keys ?? []
  const counts = group.counts ?? []
  keys.forEach((key, i) => {
    const n = counts[i] ?? 0
    // A bucket's representative is within 1% of its values (the exact ends are kept below).
    const value = keyValue(key)
    if (isNoValue(metric, value)) {
      dropped += n
      return
    }
    if (!passesPrefilter(rule, value)) {
      excluded += n
      dropped += n
      return
    }
    pairs.push([value, n])
  })
  const scale = normalised ? (group.speed && group.speed > 0 ? 100 / group.speed : null) : 1
  if (scale === null) {
    // No package speed: nothing to normalise against.
    const all = pairs.reduce((s, [, n]) => s + n, 0)
    return { kept: sorted([]), excluded: excluded + all }
  }
  const kept = sorted(pairs.map(([value, n]) => [value * scale, n]))
  if (dropped === 0 && scale === 1 && group.min !== null && group.max !== null) {
    kept.sum = group.sum
    kept.min = group.min
    kept.max = group.max
  }
  return { kept, excluded }
}

function merge(parts: Weighted[]): Weighted {
  const pairs: [number, number][] = []
  let sum = 0
  let min = Infinity
  let max = -Infinity
  for (const part of parts) {
    part.values.forEach((value, i) => pairs.push([value, part.weights[i] ?? 0]))
    sum += part.sum
    if (part.count > 0) {
      min = Math.min(min, part.min)
      max = Math.max(max, part.max)
    }
  }
  const merged = sorted(pairs)
  if (merged.count > 0) {
    merged.sum = sum
    merged.min = min
    merged.max = max
  }
  return merged
}

const Z: Record<CiLevel, number> = CI_LEVELS

function quantileOfPlot(plot: PlotValue): number | null {
  if (plot === 'mean') return null
  if (plot === 'median') return 0.5
  return Number(plot.slice('perc_'.length)) / 100
}

/**
 * The confidence interval of the plotted value: for a percentile p, the values at the ranks
 * n·p ∓ z·√(n·p·(1−p)) (distribution-free, from the order statistics); for the mean, mean ∓ z·s/√n.
 */
export function confidenceInterval(d: Weighted, plot: PlotValue, level: CiLevel): Interval | null {
  if (d.count < 2) return null
  const z = Z[level]
  const q = quantileOfPlot(plot)
  if (q === null) {
    const mean = d.sum / d.count
    let squares = 0
    d.values.forEach((value, i) => {
      squares += (d.weights[i] ?? 0) * (value - mean) ** 2
    })
    const half = z * Math.sqrt(squares / (d.count - 1) / d.count)
    return [mean - half, mean + half]
  }
  const centre = d.count * q
  const spread = z * Math.sqrt(d.count * q * (1 - q))
  const low = valueAtRank(d, Math.max(1, Math.floor(centre - spread)))
  const high = valueAtRank(d, Math.min(d.count, Math.ceil(centre + spread) + 1))
  return low === null || high === null ? null : [low, high]
}

type Cell = {
  period: string | null
  number: number | null
  split: string | null
  parts: Weighted[]
  unitMedians: number[]
  samples: number
  agents: number
  excluded: number
  noData: number
  cantRun: number
  errors: number
}

function statsRow(cell: Cell, d: Weighted, form: ChartForm): ChartRow {
  const q = (p: number) => weightedQuantile(d, p)
  const row: ChartRow = {
    ...(cell.period !== null ? { dtime: cell.period } : {}),
    ...(cell.number !== null ? { aggregatedNumber: cell.number } : {}),
    ...(form.splits.length > 0 ? { split: cell.split } : {}),
    perc_1: null,
    perc_5: null,
    perc_10: null,
    perc_20: null,
    perc_25: null,
    median: q(0.5),
    perc_75: null,
    perc_80: null,
    perc_90: null,
    perc_95: null,
    perc_99: null,
    mean: d.count > 0 ? d.sum / d.count : null,
    sampleCount: cell.samples,
    agentCount: cell.agents,
    noData: cell.noData,
    cantRun: cell.cantRun,
    errors: cell.errors,
    excluded: cell.excluded,
  }
  for (const p of PERCENTILES) row[`perc_${p}`] = q(p / 100)
  if (form.ci) {
    for (const level of Object.keys(CI_LEVELS) as CiLevel[]) {
      row[level] = confidenceInterval(d, form.plotValue, level)
    }
  }
  if (form.chartType === 'cdf') {
    row.cdf = Array.from({ length: 100 }, (_, i) => q((i + 1) / 100))
  }
  return row
}

/** The Chart series rows of a metric's groups, for the form. */
export function chartRows(
  metric: StoreMetricKey,
  groups: readonly GroupRow[],
  form: ChartForm,
): ChartRow[] {
  const cells = new Map<string, Cell>()
  for (const group of groups) {
    const id = JSON.stringify([group.period, group.number, group.split])
    let cell = cells.get(id)
    if (!cell) {
      cell = {
        period: group.period,
        number: group.number,
        split: group.split,
        parts: [],
        unitMedians: [],
        samples: 0,
        agents: 0,
        excluded: 0,
        noData: 0,
        cantRun: 0,
        errors: 0,
      }
      cells.set(id, cell)
    }
    const { kept, excluded } = groupValues(metric, group, form.normalised)
    cell.excluded += excluded
    cell.samples += kept.count
    cell.agents += group.agents
    cell.noData += group.no_data
    cell.cantRun += group.cant_run
    cell.errors += group.errors
    if (form.agent_agg) {
      const median = weightedQuantile(kept, 0.5)
      if (median !== null) cell.unitMedians.push(median)
    } else {
      cell.parts.push(kept)
    }
  }
  let rows = [...cells.values()].map((cell) => {
    const d = form.agent_agg
      ? sorted(cell.unitMedians.map((m): [number, number] => [m, 1]))
      : merge(cell.parts)
    return statsRow(cell, d, form)
  })
  const sort = effectiveSort(form)
  if (sort) {
    const value = (row: ChartRow) => row[sort.column]
    rows.sort((a, b) => {
      const byPeriod =
        (a.dtime ?? '').localeCompare(b.dtime ?? '') ||
        (a.aggregatedNumber ?? 0) - (b.aggregatedNumber ?? 0)
      if (byPeriod !== 0) return byPeriod
      const x = value(a)
      const y = value(b)
      if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1
      return sort.ascending ? x - y : y - x
    })
  }
  if (form.hideInsignificant && form.splits.length === 0 && rows.every((r) => r.dtime)) {
    rows = hideInsignificant(rows, (row) => row[form.plotValue])
  }
  return rows
}

/**
 * Raw points: the no-value and prefilter rules (excluded points are left out and counted),
 * normalisation, and unit ids only for the detailed point view.
 */
export function rawPoints(
  metric: StoreMetricKey,
  rows: readonly RawRow[],
  form: ChartForm,
): { points: RawPoint[]; excluded: number } {
  const points: RawPoint[] = []
  let excluded = 0
  for (const row of rows) {
    let value = row.value
    if (value !== null) {
      if (isNoValue(metric, value)) continue
      if (!passesPrefilter(prefilterOf(metric, row.tech), value)) {
        excluded += 1
        continue
      }
      if (form.normalised) {
        if (!row.speed) {
          excluded += 1
          continue
        }
        value = (value / row.speed) * 100
      }
    }
    points.push({
      dtime: row.dtime,
      localTime: row.local_time,
      value,
      status: row.status,
      ...(form.splits.length > 0 ? { split: row.split } : {}),
      ...(form.detailed ? { unitId: row.unit_id } : {}),
    })
  }
  return { points, excluded }
}
