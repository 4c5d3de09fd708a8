import {
  changeOf,
  higherIsWorse,
  type Anomaly,
  type AnomalyArea,
  type AnomalyMetric,
  type AnomalyType,
} from '#contracts/anomalies.ts'

/** Whether the worst day was worse or better than usual, or the same. */
export type ChangeVerdict = 'worse' | 'better' | 'same'

/**
 * What an anomaly's figure says, ready to be put in words: an outage (no value), or the worst
 * day's value against its baseline, how far off it was (a signed share of the baseline, null
 * without a baseline or with a zero one) and whether that is worse or better.
 */
export type AnomalyChange =
  | { kind: 'outage' }
  | {
      kind: 'value'
      value: number
      baseline: number | null
      /** −0.55 is 55% below the baseline. */
      change: number | null
      /** Null without a baseline to compare with. */
      verdict: ChangeVerdict | null
    }

/**
 * Whether a higher figure is worse for an anomaly of this type and metric: a measurement as its
 * metric says (latency, loss, disconnections; not speeds); a success rate or a count of tests is
 * worse lower, whatever the metric.
 */
export function higherIsWorseFor(type: AnomalyType, metric: AnomalyMetric): boolean {
  return type === 'measurement' && higherIsWorse(metric)
}

/** An anomaly's figure as AnomalyChange reads it. */
export function anomalyChange(
  anomaly: Pick<Anomaly, 'type' | 'metric' | 'value' | 'baseline'>,
): AnomalyChange {
  const { type, metric, value, baseline } = anomaly
  if (type === 'outage' || value === null) return { kind: 'outage' }
  const verdict: ChangeVerdict | null =
    baseline === null
      ? null
      : value === baseline
        ? 'same'
        : value > baseline === higherIsWorseFor(type, metric)
          ? 'worse'
          : 'better'
  return { kind: 'value', value, baseline, change: changeOf({ value, baseline }), verdict }
}

/** Which of the seeds' area metadata names a collection's area (001 §3). */
export type AreaKind = keyof AnomalyArea

/**
 * The name a collection goes by: its hub site, else its CMTS, else its MAC domain (the first the
 * area has); null when it has none.
 */
export function areaNameOf(area: AnomalyArea): { kind: AreaKind; name: string } | null {
  for (const kind of ['hub_site', 'cmts_name', 'mac_domain'] as const) {
    const name = area[kind]?.trim()
    if (name) return { kind, name }
  }
  return null
}
