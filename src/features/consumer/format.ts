import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MetricUnit } from '#contracts/metrics.ts'
import { durationParts } from '../../lib/disconnection-duration'
import { numberFormat } from '../../lib/number-format'

/** A number in the locale with as many decimals as its size deserves (312, 41.5, 0.42). */
export function formatNumber(locale: string, value: number): string {
  const size = Math.abs(value)
  const digits = size >= 100 ? 0 : size >= 10 ? 1 : 2
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value)
}

/** A metric value with its unit, in the active locale ("312 Mbps", "12.5 ms", "0.42%"). */
export function formatMetricValue(i18n: I18n, value: number, unit: MetricUnit): string {
  const n = formatNumber(i18n.locale, value)
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

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** Bytes in the largest decimal unit that keeps the number at least 1 ("1.2 GB"), via Intl. */
export function formatBytes(locale: string, bytes: number): string {
  let value = Math.max(0, bytes)
  let index = 0
  while (value >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1000
    index += 1
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[index],
    unitDisplay: 'short',
    maximumFractionDigits: value >= 100 || index === 0 ? 0 : 1,
  }).format(value)
}

/** A duration as its two largest parts ("2h 5m"; "40s"), via Intl in the locale. */
export function formatDuration(locale: string, totalSeconds: number): string {
  const { hours, minutes, seconds } = durationParts(totalSeconds)
  const part = (value: number, unit: 'hour' | 'minute' | 'second') =>
    numberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value)
  const parts =
    hours > 0
      ? [part(hours, 'hour'), ...(minutes > 0 ? [part(minutes, 'minute')] : [])]
      : minutes > 0
        ? [part(minutes, 'minute'), ...(seconds > 0 ? [part(seconds, 'second')] : [])]
        : [part(seconds, 'second')]
  return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(parts)
}
