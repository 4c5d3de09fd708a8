import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MetricUnit } from '#contracts/metrics.ts'
import { fillValueTemplate, formatNumber, VALUE_SLOT } from '../../lib/value-format'

export { formatDuration, formatNumber } from '../../lib/value-format'

/** A metric value with its unit, in the active locale ("312 Mbps", "12.5 ms", "0.42%"). */
export function formatMetricValue(i18n: I18n, value: number, unit: MetricUnit): string {
  return fillValueTemplate(metricValueTemplate(i18n, unit), formatNumber(i18n.locale, value))
}

/**
 * How a metric value is written in the active locale, with VALUE_SLOT where its number goes
 * ("{value} Mbps"): the form a chart drawn in a worker is handed (it cannot be given a function).
 */
export function metricValueTemplate(i18n: I18n, unit: MetricUnit): string {
  const n = VALUE_SLOT
  switch (unit) {
    case 'Mbps':
      return i18n._(msg`${n} Mbps`)
    case 'ms':
      return i18n._(msg`${n} ms`)
    case '%':
      return i18n._(msg`${n}%`)
    case 'count':
      return n
    case 'seconds':
      return i18n._(msg`${n} s`)
    case 'MB':
      return i18n._(msg`${n} MB`)
    case 'RPM':
      return i18n._(msg`${n} RPM`)
    case 'dBm':
      return i18n._(msg`${n} dBm`)
  }
}

/**
 * Bytes in the largest decimal unit that keeps the number at least 1 ("1.2 GB"), with the number
 * written by formatNumber (the one rule of the dashboard) and the unit by the catalogue, as every
 * metric unit is. One rule per unit in every locale (issue 22 §4): units are written as their
 * international symbols in Arabic (Mbps, ms, MB, GB), never half of them translated (غ.ب beside
 * Mbps); French writes its own (Mo, Go), as its catalogue says.
 */
export function formatBytes(i18n: I18n, bytes: number): string {
  let value = Math.max(0, bytes)
  let index = 0
  while (value >= 1000 && index < 4) {
    value /= 1000
    index += 1
  }
  const n = formatNumber(i18n.locale, value)
  switch (index) {
    case 0:
      return i18n._(msg`${n} B`)
    case 1:
      return i18n._(msg`${n} kB`)
    case 2:
      return i18n._(msg`${n} MB`)
    case 3:
      return i18n._(msg`${n} GB`)
    default:
      return i18n._(msg`${n} TB`)
  }
}
