import { numberFormat } from '../../lib/number-format'

/** A speed in kbps as Mbps for people: whole numbers from 10 Mbps, one decimal below. */
export function formatMbps(kbps: number, locale: string): string {
  const mbps = kbps / 1000
  return numberFormat(locale, { maximumFractionDigits: mbps >= 10 ? 0 : 1 }).format(mbps)
}

/** A measured median against the package's speed, as a whole percentage (null when unknown). */
export function shareOfPackage(
  measured: number | null,
  packageSpeed: number | null,
): number | null {
  if (measured === null || packageSpeed === null || packageSpeed <= 0) return null
  return Math.round((measured / packageSpeed) * 100)
}
