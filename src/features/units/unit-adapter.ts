import type { AccessibleUnit } from '#contracts/units.ts'
import type { UnitDetail } from '#contracts/unit-search.ts'

/**
 * The consumer charts read a unit as the consumer's accessible unit (for the package speed line);
 * the engineer has the accounts service's unit. Same facts; the parts not asked for are left out.
 */
export function asAccessibleUnit(unit: UnitDetail): AccessibleUnit {
  return {
    unitId: unit.id,
    mac: unit.mac,
    label: unit.serial_number,
    name: unit.label,
    panel_id: unit.panel_id,
    is_tt_compatible: unit.is_tt_compatible,
    last_seen: unit.last_seen,
    offline_status: unit.offline_status,
    package: unit.package ? { ...unit.package, changed_at: null } : unit.package,
    location: unit.location,
  }
}
