/**
 * The admin area's demo data (issue 25), for the admin demo account (panels 2 and 3 of
 * organisation 2): metadata fields, two inactive agents, and a data subscription per panel with
 * its feature subscriptions (seats) and groups (the admin, analyst and engineer as members), and
 * panel 3's agent-activation token. No extra users: the seed's user ids
 * and subs are fixed (seed.test.ts), and the demo accounts already show each user status.
 */
import { sql } from 'drizzle-orm'
import { hashToken, newToken } from '../lib/tokens.ts'
import type { Db } from './client.ts'

const FIELDS = [
  ['hub_code', 'Hub code', 'text', 'analysis'],
  ['floor', 'Floor', 'number', 'available'],
  ['installed_on', 'Installed on', 'date', 'available'],
  ['internal_note', 'Internal note', 'text', 'hidden'],
] as const

type GroupSeed = [name: string, features: string[], members: string[]]

/** Per panel: a data subscription, its features with seats, and its groups. */
const SUBSCRIPTIONS: [number, string, [string, number][], GroupSeed[]][] = [
  [
    2,
    'Multiview 2026',
    [
      ['analytics', 10],
      ['advanced_analytics', 5],
      ['maps', 10],
      ['reports', 10],
      ['data_api', 2],
    ],
    [
      ['Analysts', ['analytics', 'advanced_analytics', 'maps', 'reports'], ['analyst']],
      ['Administrators', ['analytics', 'reports', 'data_api'], ['admin']],
      ['Board', ['reports'], []],
    ],
  ],
  [
    3,
    'Constant Care 2026',
    [
      ['unit_search', 25],
      ['instant_tests', 25],
      ['analytics', 5],
      ['anomaly_detection', 3],
    ],
    [
      ['Field engineers', ['unit_search', 'instant_tests'], ['engineer']],
      [
        'Network operations',
        ['analytics', 'anomaly_detection', 'unit_search'],
        ['admin', 'analyst'],
      ],
    ],
  ],
]

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
    for (const [pid, name, features, groups] of SUBSCRIPTIONS) {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO data_subscriptions (panel_id, name) VALUES (${pid}, ${name}) RETURNING id`)
      const sid = rows[0]?.id
      if (sid === undefined) throw new Error('no data subscription created')
      for (const [feature, seats] of features) {
        await tx.execute(sql`
          INSERT INTO feature_subscriptions (data_subscription_id, feature, seats)
          VALUES (${sid}, ${feature}, ${seats})`)
      }
      for (const [groupName, groupFeatures, members] of groups) {
        const created = await tx.execute<{ id: number }>(sql`
          INSERT INTO subscription_groups (data_subscription_id, name)
          VALUES (${sid}, ${groupName}) RETURNING id`)
        const gid = created.rows[0]?.id
        if (gid === undefined) throw new Error('no group created')
        for (const feature of groupFeatures) {
          await tx.execute(sql`
            INSERT INTO subscription_group_features (group_id, feature) VALUES (${gid}, ${feature})`)
        }
        for (const member of members) {
          await tx.execute(sql`
            INSERT INTO subscription_group_members (group_id, user_id)
            SELECT ${gid}, id FROM users WHERE email = ${`${member}@example.com`}`)
        }
      }
    }
    // Panel 3's agents have an activation token (its plain value was never shown: regenerate it
    // to see one). The Instant Test API's usage stays empty until that API exists.
    const token = newToken()
    await tx.execute(sql`
      INSERT INTO agent_activation_tokens (panel_id, token_hash, hint, created_at)
      VALUES (3, ${hashToken(token)}, ${token.slice(-4)}, ${now.toISOString()}::timestamptz)`)
    // The two highest-numbered panel-3 units are inactive.
    await tx.execute(sql`
      INSERT INTO agent_states (unit_id, active, changed_at)
      SELECT id, false, ${now.toISOString()}::timestamptz FROM units WHERE panel_id = 3
      ORDER BY id DESC LIMIT 2`)
  })
}
