/**
 * The admin area's demo data (issue 25), for the admin demo account (panels 2 and 3 of
 * organisation 2): metadata fields and two inactive agents. No extra users: the seed's user ids
 * and subs are fixed (seed.test.ts), and the demo accounts already show each user status.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

const FIELDS = [
  ['hub_code', 'Hub code', 'text', 'analysis'],
  ['floor', 'Floor', 'number', 'available'],
  ['installed_on', 'Installed on', 'date', 'available'],
  ['internal_note', 'Internal note', 'text', 'hidden'],
] as const

export async function seedAdmin(db: Db, options: { now: Date }): Promise<void> {
  const { now } = options
  await db.transaction(async (tx) => {
    for (const pid of [2, 3]) {
      for (const [key, displayName, format, usage] of FIELDS) {
        await tx.execute(sql`
          INSERT INTO metadata_fields (panel_id, key, display_name, format, usage)
          VALUES (${pid}, ${key}, ${displayName}, ${format}::metadata_format, ${usage}::metadata_usage)`)
      }
    }
    // The two highest-numbered panel-3 units are inactive.
    await tx.execute(sql`
      INSERT INTO agent_states (unit_id, active, changed_at)
      SELECT id, false, ${now.toISOString()}::timestamptz FROM units WHERE panel_id = 3
      ORDER BY id DESC LIMIT 2`)
  })
}
