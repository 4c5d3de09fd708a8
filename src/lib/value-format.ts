import { durationParts } from './disconnection-duration'
import { numberFormat } from './number-format'

/** A number in the locale with as many decimals as its size deserves (312, 41.5, 0.42). */
export function formatNumber(locale: string, value: number): string {
  const size = Math.abs(value)
  const digits = size >= 100 ? 0 : size >= 10 ? 1 : 2
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value)
}

const listFormats = new Map<string, Intl.ListFormat>()

/** The narrow unit list format of `locale`, made once (making one costs far more than using it). */
function unitList(locale: string): Intl.ListFormat {
  let format = listFormats.get(locale)
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' })
    listFormats.set(locale, format)
  }
  return format
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
  return unitList(locale).format(parts)
}

/** Where the number goes in a value template ("{value} Mbps"). */
export const VALUE_SLOT = '{value}'

/** A template with its VALUE_SLOT filled (a template without the slot is returned as is). */
export function fillValueTemplate(template: string, value: string): string {
  return template.replace(VALUE_SLOT, value)
}

/**
 * How a chart writes its values, as data rather than a function, so that a chart drawn in a
 * worker can be handed it: a number (with its unit around it, already translated) or minutes
 * written as a duration.
 */
export type ValueFormat = { kind: 'number'; template?: string } | { kind: 'minutes' }

/** The function that writes a value as `format` says, in `locale`. */
export function valueFormatter(format: ValueFormat, locale: string): (value: number) => string {
  switch (format.kind) {
    case 'number': {
      const { template } = format
      return template === undefined
        ? (value) => formatNumber(locale, value)
        : (value) => fillValueTemplate(template, formatNumber(locale, value))
    }
    case 'minutes':
      return (value) => formatDuration(locale, value * 60)
  }
}
