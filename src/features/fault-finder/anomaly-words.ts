import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type {
  Anomaly,
  AnomalyMetric,
  AnomalyState,
  AnomalyType,
  AnomalyUnit,
} from '#contracts/anomalies.ts'
import { anomalyChange, type AreaKind } from '../../lib/anomaly-change'
import { numberFormat } from '../../lib/number-format'
import { fillValueTemplate, formatNumber, VALUE_SLOT } from '../../lib/value-format'

/** Seeds 001 §3 collection and anomaly states. */
export const STATE_NAMES: Record<AnomalyState, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'anomaly state' }),
  ongoing: msg({ message: 'Ongoing', context: 'anomaly state' }),
  closed: msg({ message: 'Closed', context: 'anomaly state' }),
}

/** Seeds 001 §3 anomaly types. */
export const TYPE_NAMES: Record<AnomalyType, MessageDescriptor> = {
  sample_size: msg`Sample size`,
  success_rate: msg`Success rate`,
  measurement: msg`Measurement`,
  outage: msg`Outage`,
}

/** Seeds 001 §3 anomaly metrics. */
export const METRIC_NAMES: Record<AnomalyMetric, MessageDescriptor> = {
  upload: msg`Upload`,
  download: msg`Download`,
  latency: msg`Latency`,
  packet_loss: msg`Packet loss`,
  disconnection: msg`Disconnections`,
  outage: msg`Outage`,
}

/** Seeds 001 §3 area metadata. */
export const AREA_KIND_NAMES: Record<AreaKind, MessageDescriptor> = {
  hub_site: msg`Hub site`,
  cmts_name: msg`CMTS name`,
  mac_domain: msg`MAC domain`,
}

/**
 * What an anomaly is about in a few words, its type and metric together: "Download" (a
 * measurement), "Upload success rate", "Latency sample size", "Outage".
 */
export function anomalySubject(i18n: I18n, anomaly: Pick<Anomaly, 'type' | 'metric'>): string {
  const metric = i18n._(METRIC_NAMES[anomaly.metric])
  switch (anomaly.type) {
    case 'measurement':
      return metric
    case 'success_rate':
      return i18n._(msg`${metric} success rate`)
    case 'sample_size':
      return i18n._(msg`${metric} sample size`)
    case 'outage':
      return i18n._(msg`Outage`)
  }
}

/**
 * How a value in `unit` is written, with VALUE_SLOT where its number goes ("{value} Mbps"): the
 * form a chart drawn in a worker is handed. Counts of tests carry no unit (the axis says it).
 */
export function valueTemplate(i18n: I18n, unit: AnomalyUnit | null): string {
  const n = VALUE_SLOT
  switch (unit) {
    case 'Mbps':
      return i18n._(msg`${n} Mbps`)
    case 'ms':
      return i18n._(msg`${n} ms`)
    case '%':
      return i18n._(msg`${n}%`)
    case 'tests':
    case null:
      return n
  }
}

/** A value in its unit, in the locale's digits ("41 Mbps", "1.5%", "300 tests a day"). */
export function formatAnomalyValue(i18n: I18n, value: number, unit: AnomalyUnit | null): string {
  if (unit === 'tests') {
    const count = Math.round(value)
    return i18n._(msg`${plural(count, { one: '# test a day', other: '# tests a day' })}`)
  }
  return fillValueTemplate(valueTemplate(i18n, unit), formatNumber(i18n.locale, value))
}

/** A signed share of the baseline as a percentage ("−55%", "+161%"). */
export function formatChange(locale: string, change: number): string {
  return numberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  }).format(change)
}

/** An anomaly's words, as the inbox and a collection write it. */
export type AnomalyWords = {
  subject: string
  /** "−55% (41 Mbps, usually 92 Mbps)"; "Outage" alone for an outage. */
  line: string
  /** Worse or better than usual, for the tag beside the line; null when neither is known. */
  verdict: 'worse' | 'better' | null
  /** The worst day against the usual, as a sentence. */
  sentence: string
}

/** The words of an anomaly in the active locale (seeds 001 §3; lib/anomaly-change's rules). */
export function anomalyWords(
  i18n: I18n,
  anomaly: Pick<Anomaly, 'type' | 'metric' | 'value' | 'baseline' | 'unit'>,
): AnomalyWords {
  const subject = anomalySubject(i18n, anomaly)
  const figure = anomalyChange(anomaly)
  if (figure.kind === 'outage') {
    return {
      subject,
      line: subject,
      verdict: null,
      sentence: i18n._(msg`An outage: there is no value to compare with the usual one.`),
    }
  }
  const value = formatAnomalyValue(i18n, figure.value, anomaly.unit)
  if (figure.baseline === null) {
    return {
      subject,
      line: i18n._(msg`${subject}: ${value}`),
      verdict: null,
      sentence: i18n._(msg`At its worst: ${value}.`),
    }
  }
  const baseline = formatAnomalyValue(i18n, figure.baseline, anomaly.unit)
  const verdict = figure.verdict === 'same' ? null : figure.verdict
  // A share of a share reads badly ("+2,617%" for 3.3% against 0.1%): percentages are compared
  // by their values.
  if (figure.change === null || anomaly.unit === '%') {
    return {
      subject,
      line: i18n._(msg`${subject}: ${value}, usually ${baseline}`),
      verdict,
      sentence:
        figure.verdict === 'worse'
          ? i18n._(msg`At its worst: ${value}, usually ${baseline} (worse than usual).`)
          : figure.verdict === 'better'
            ? i18n._(msg`At its worst: ${value}, usually ${baseline} (better than usual).`)
            : i18n._(msg`At its worst: ${value}, as usual.`),
    }
  }
  const change = formatChange(i18n.locale, figure.change)
  return {
    subject,
    line: i18n._(msg`${subject} ${change} (${value}, usually ${baseline})`),
    verdict,
    sentence:
      figure.verdict === 'worse'
        ? i18n._(msg`At its worst: ${value}, usually ${baseline} (${change}, worse than usual).`)
        : figure.verdict === 'better'
          ? i18n._(msg`At its worst: ${value}, usually ${baseline} (${change}, better than usual).`)
          : i18n._(msg`At its worst: ${value}, as usual.`),
  }
}

/** anomalyWords in the active locale. */
export function useAnomalyWords(
  anomaly: Pick<Anomaly, 'type' | 'metric' | 'value' | 'baseline' | 'unit'>,
): AnomalyWords {
  const { i18n } = useLingui()
  return anomalyWords(i18n, anomaly)
}
