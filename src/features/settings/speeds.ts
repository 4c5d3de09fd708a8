import { formatNumber } from '../../lib/value-format'

/** A speed in kbps as Mbps for people, by the app's one rule for decimals (formatNumber). */
export function formatMbps(kbps: number, locale: string): string {
  return formatNumber(locale, kbps / 1000)
}

/** A measured median against the package's speed, as a whole percentage (null when unknown). */
export function shareOfPackage(
  measured: number | null,
  packageSpeed: number | null,
): number | null {
  if (measured === null || packageSpeed === null || packageSpeed <= 0) return null
  return Math.round((measured / packageSpeed) * 100)
}
