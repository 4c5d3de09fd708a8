import {
  CONSUMER_METRIC_KEYS,
  isConsumerMetricKey,
  type ConsumerMetricKey,
} from '#contracts/metrics.ts'

/** Seeds 9: the consumer dashboard shows at most six user-selected metrics. */
export const MAX_SELECTED_METRICS = 6

/** Seeds 001 §3.3: metrics with these key prefixes are always shown and are not user-selected. */
export const ALWAYS_SHOWN_PREFIXES = [
  'vcop_',
  'consistency_',
  'accc_tbps_',
  'short_term_reliability',
  'perc_above_90_evening_best_',
  'disconnection_',
] as const

/** The six shown before the user picks: speeds, then what makes a connection feel slow. */
export const DEFAULT_METRICS: readonly ConsumerMetricKey[] = [
  'httpgetmt',
  'httppostmt',
  'udpLatency',
  'udpPacketLoss',
  'web_jitter',
  'responsiveness',
]

/** Whether a metric is always shown (and so neither picked nor counted toward the six). */
export function isAlwaysShown(key: string): boolean {
  return ALWAYS_SHOWN_PREFIXES.some((prefix) => key.startsWith(prefix))
}

/** Whether a metric is one the user may pick. */
export function isSelectable(key: string): key is ConsumerMetricKey {
  return isConsumerMetricKey(key) && !isAlwaysShown(key)
}

/**
 * The user's selection from a stored preference value: known, selectable keys only, each once, at
 * most six. Nothing stored (or not a list) gives the defaults; an empty list stays empty.
 */
export function readSelection(stored: unknown): ConsumerMetricKey[] {
  if (!Array.isArray(stored)) return [...DEFAULT_METRICS]
  const keys: ConsumerMetricKey[] = []
  for (const value of stored) {
    if (typeof value !== 'string' || !isSelectable(value) || keys.includes(value)) continue
    keys.push(value)
    if (keys.length === MAX_SELECTED_METRICS) break
  }
  return keys
}

export type ToggleOutcome = 'added' | 'removed' | 'refused-limit' | 'refused-always-shown'

/** Adds or removes one metric; a seventh, or an always-shown one, is refused (selection unchanged). */
export function toggleMetric(
  selection: readonly ConsumerMetricKey[],
  key: ConsumerMetricKey,
): { selection: ConsumerMetricKey[]; outcome: ToggleOutcome } {
  if (selection.includes(key)) {
    return { selection: selection.filter((k) => k !== key), outcome: 'removed' }
  }
  if (isAlwaysShown(key)) return { selection: [...selection], outcome: 'refused-always-shown' }
  if (selection.length >= MAX_SELECTED_METRICS) {
    return { selection: [...selection], outcome: 'refused-limit' }
  }
  return { selection: [...selection, key], outcome: 'added' }
}

/**
 * The charts to draw, each list in catalogue order: the always-shown metrics the unit reports and
 * the selected ones it reports. `available` null means the unit's list is not known yet: the
 * selection is drawn (the user chose it), always-shown ones wait until the unit is known to report them.
 */
export function visibleMetrics(
  selection: readonly ConsumerMetricKey[],
  available: readonly string[] | null,
): { alwaysShown: ConsumerMetricKey[]; selected: ConsumerMetricKey[] } {
  return {
    alwaysShown: CONSUMER_METRIC_KEYS.filter(
      (key) => isAlwaysShown(key) && available !== null && available.includes(key),
    ),
    selected: CONSUMER_METRIC_KEYS.filter(
      (key) => selection.includes(key) && (available === null || available.includes(key)),
    ),
  }
}
