/**
 * The serial number printed as a Code 128 barcode on a unit's label: WB and eight digits of the
 * unit id. Migration 0002 back-fills existing units with the same rule.
 */
export function serialNumberFor(unitId: number): string {
  return `WB${String(unitId).padStart(8, '0')}`
}
