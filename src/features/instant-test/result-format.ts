import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { InstantTestPhase } from '#contracts/instant-test.ts'
import { formatNumber } from '../../lib/value-format'

/** What an instant test measures, in the order it is shown. */
const METRICS: Record<string, { label: MessageDescriptor; unit: 'Mbps' | 'ms' | '%' }> = {
  httpgetmt: { label: msg`Download`, unit: 'Mbps' },
  httppostmt: { label: msg`Upload`, unit: 'Mbps' },
  udpLatency: { label: msg`Latency`, unit: 'ms' },
  udpPacketLoss: { label: msg`Packet loss`, unit: '%' },
}
const ORDER = Object.keys(METRICS)

/** The label and unit of a metric an instant test reports; unknown keys show as they are. */
export function metricDisplay(metricKey: string): {
  label: MessageDescriptor | string
  unit: string
} {
  const known = METRICS[metricKey]
  return known ?? { label: metricKey, unit: '' }
}

/** Results in display order: speeds first, then latency and loss, then anything else. */
export function sortResults<T extends { metricKey: string }>(results: readonly T[]): T[] {
  const rank = (key: string) => {
    const index = ORDER.indexOf(key)
    return index === -1 ? ORDER.length : index
  }
  return [...results].sort((a, b) => rank(a.metricKey) - rank(b.metricKey))
}

/** The phases in the order they run, with their label, unit and what is said when one begins. */
export const PHASES: readonly {
  phase: InstantTestPhase
  label: MessageDescriptor
  unit: string
  announcement: MessageDescriptor
}[] = [
  { phase: 'latency', label: msg`Latency`, unit: 'ms', announcement: msg`Testing latency…` },
  {
    phase: 'download',
    label: msg`Download`,
    unit: 'Mbps',
    announcement: msg`Testing download speed…`,
  },
  { phase: 'upload', label: msg`Upload`, unit: 'Mbps', announcement: msg`Testing upload speed…` },
]

/** A measured value with its unit in the active locale: the app's one rule for decimals
 *  (formatNumber: 412 Mbps, 41.5 Mbps, 4.12 Mbps), a percentage with two at most. */
export function formatMeasurement(value: number | null, unit: string, locale: string): string {
  if (value === null) return '–'
  if (unit === '%') {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      value / 100,
    )
  }
  const number = formatNumber(locale, value)
  // A no-break space keeps the number and its unit together when the line wraps.
  return unit === '' ? number : `${number}\u00a0${unit}`
}
