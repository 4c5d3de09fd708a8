import type { DemoAccount } from './demo-accounts.ts'
import { units, userUnits } from './schema.ts'
import type { PlanOf, SeedTx, UserIdOf } from './seed-context.ts'
import { serialNumberFor } from './serial-number.ts'

/** Units on panel 3 awaiting their first results (no synthetic history; see seed-consumer.ts). */
export const NEW_INSTALLS_ON_PANEL_3 = 36
export const NEW_INSTALL_STATE = 'awaiting_first_results'

/**
 * The demo units, in id order: the personal ones on panel 1 (ids 1..6: owner, ISP, label), then
 * the fleets of the enterprise panels (panel, unit count, ISPs), then panel 3's new installs.
 * Exported so that scripts/labels.ts prints the labels of exactly these units.
 */
export const DEMO_PERSONAL_UNITS: readonly [owner: DemoAccount, isp: string, label: string][] = [
  ['consumer', 'Spark', 'Living room'],
  ['multi', 'One NZ', 'Home office'],
  ['locked', '2degrees', 'Study'],
  ['expired', 'Spark', 'Lounge'],
  ['disabled', 'One NZ', 'Garage'],
  ['migrated', '2degrees', 'Hallway'],
]
export const DEMO_FLEETS: readonly [pid: number, count: number, isps: readonly string[]][] = [
  [1, 12, ['Spark', 'One NZ', '2degrees']],
  [2, 16, ['Telstra', 'Optus', 'Aussie Broadband']],
  [3, 24, ['Telstra', 'Optus', 'Aussie Broadband']],
  [4, 8, ['Omantel', 'Ooredoo Oman', 'Awasr']],
  [5, 8, ['stc', 'Mobily', 'Zain KSA']],
]

/** A demo unit's MAC: D8:4F:B8:10 and two bytes of the unit id. */
export function demoMac(index: number): string {
  const bytes = [0xd8, 0x4f, 0xb8, 0x10, (index >> 8) & 0xff, index & 0xff]
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')
}

/** The id of the personal unit a demo account owns (0 when it owns none). */
export function personalUnitOf(owner: DemoAccount): number {
  return DEMO_PERSONAL_UNITS.findIndex(([name]) => name === owner) + 1
}

/**
 * The demo units (personal, fleets, panel 3's new installs) and who owns which: the personal
 * units' owners and the fleet customers.
 */
export async function seedUnits(
  tx: SeedTx,
  context: { now: Date; plan: PlanOf; uid: UserIdOf; customerIds: readonly number[] },
): Promise<void> {
  const { now, plan, uid, customerIds } = context
  // Units: the personal ones first (ids 1..6), then the fleets of the enterprise panels.
  const personal = DEMO_PERSONAL_UNITS
  const unitRows: (typeof units.$inferInsert)[] = personal.map(([owner, isp, label], i) => ({
    id: i + 1,
    mac: demoMac(i + 1),
    serialNumber: serialNumberFor(i + 1),
    label,
    panelId: 1,
    ownerUserId: uid(owner),
    isTtCompatible: true,
    ...plan(isp),
  }))
  for (const [pid, count, fleetIsps] of DEMO_FLEETS) {
    for (let n = 1; n <= count; n += 1) {
      const id = unitRows.length + 1
      unitRows.push({
        id,
        mac: demoMac(id),
        serialNumber: serialNumberFor(id),
        label: `Panel ${pid} unit ${String(n).padStart(2, '0')}`,
        panelId: pid,
        // Every fourth panel-3 unit belongs to one of the fleet customers.
        ownerUserId: pid === 3 && n % 4 === 1 ? (customerIds[(n - 1) / 4] ?? null) : null,
        // Every third unit runs older firmware without instant tests.
        isTtCompatible: n % 3 !== 0,
        ...plan(fleetIsps[n % fleetIsps.length] ?? 'Telstra'),
      })
    }
  }
  // Panel 3 also has units installed this week that have not reported results yet, so an
  // engineer's unit list runs past one page of 50 (seeds 001 §9) without more synthetic history.
  for (let n = 1; n <= NEW_INSTALLS_ON_PANEL_3; n += 1) {
    const id = unitRows.length + 1
    unitRows.push({
      id,
      mac: demoMac(id),
      serialNumber: serialNumberFor(id),
      label: `Panel 3 new install ${String(n).padStart(2, '0')}`,
      panelId: 3,
      ownerUserId: null,
      isTtCompatible: true,
      lastSeen: new Date(now.getTime() - (1 + (n % 4)) * 60_000),
      timezone: 'Australia/Sydney',
      environment: { install_state: NEW_INSTALL_STATE, connection: 'fibre' },
      ...plan(['Telstra', 'Optus', 'Aussie Broadband'][n % 3] ?? 'Telstra'),
    })
  }
  await tx.insert(units).values(unitRows)
  await tx
    .insert(userUnits)
    .values([
      ...personal.map(([owner], i) => ({ userId: uid(owner), unitId: i + 1 })),
      ...unitRows.flatMap((row) =>
        row.id !== undefined && row.ownerUserId && customerIds.includes(row.ownerUserId)
          ? [{ userId: row.ownerUserId, unitId: row.id }]
          : [],
      ),
    ])
}
