import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/helpers.ts'
import { seedConsumerData } from '../seed-consumer.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const NOW = new Date(Date.UTC(2026, 10, 21, 17, 18, 0))

async function reseed(days: number) {
  await t.db.execute(sql`
    TRUNCATE measurements, skipped_tests, disconnections, anomalies, anomaly_collections, consumer_configs,
             unit_package_changes RESTART IDENTITY`)
  return seedConsumerData(t.db, { now: NOW, days })
}

type Row = {
  unit_id: number
  metric_key: string
  dtime: string
  value: number | null
  test_id: string
}

async function firstRows(): Promise<Row[]> {
  const { rows } = await t.db.execute<Row>(sql`
    SELECT unit_id, metric_key, dtime::text, value, test_id::text FROM measurements
    ORDER BY unit_id, metric_key, dtime LIMIT 200`)
  return rows
}

describe('seedConsumerData', () => {
  it('writes the same rows for the same seed (now, days)', async () => {
    const report = await reseed(2)
    const first = await firstRows()
    expect(first).toHaveLength(200)
    expect(report.units).toBe(74)
    expect(report.measurements).toBeGreaterThan(74 * 2 * 40)
    const again = await reseed(2)
    expect(again.measurements).toBe(report.measurements)
    expect(await firstRows()).toEqual(first)
  })

  it('fills the unit columns and the states the demo relies on', async () => {
    await reseed(2)
    const { rows } = await t.db.execute<{
      id: number
      panel_id: number
      timezone: string
      seen_minutes: number
      connection: string
      mac_domain: string | null
      changes: number
    }>(sql`
      SELECT u.id, u.panel_id, u.timezone,
             extract(epoch FROM ${NOW.toISOString()}::timestamptz - u.last_seen) / 60 AS seen_minutes,
             u.environment->>'connection' AS connection, u.mac_domain,
             (SELECT count(*)::int FROM unit_package_changes c WHERE c.unit_id = u.id) AS changes
      FROM units u
      -- New installs have no history (server/db/seed.ts NEW_INSTALLS_ON_PANEL_3).
      WHERE coalesce(u.environment->>'install_state', '') <> 'awaiting_first_results'
      ORDER BY u.id`)
    const zones: Record<number, string> = {
      1: 'Pacific/Auckland',
      2: 'Australia/Sydney',
      3: 'Australia/Sydney',
      4: 'Asia/Muscat',
      5: 'Asia/Riyadh',
    }
    for (const row of rows) {
      expect(row.timezone).toBe(zones[row.panel_id])
      expect(row.mac_domain).toMatch(/^[A-Z]{3}-CMTS-0\d:MD-\d{2}$/)
      expect(row.changes).toBe(1)
    }
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(1)?.seen_minutes).toBeCloseTo(2, 5)
    expect(byId.get(2)?.connection).toBe('mobile')
    expect(byId.get(1)?.connection).toBe('fibre')
    // Offline by the 30-minute rule alone: the second unit of panel 3.
    const panel3 = rows.filter((row) => row.panel_id === 3)
    expect(panel3[1]?.seen_minutes).toBeCloseTo(120, 5)

    const ongoing = await t.db.execute<{ unit_id: number; panel_id: number }>(sql`
      SELECT d.unit_id, u.panel_id FROM disconnections d JOIN units u ON u.id = d.unit_id
      WHERE d.end_dtime IS NULL ORDER BY d.unit_id`)
    expect(ongoing.rows).toEqual([
      { unit_id: 4, panel_id: 1 },
      { unit_id: panel3[0]?.id, panel_id: 3 },
    ])
    const outages = await t.db.execute<{ panel_id: number; mac_domain: string }>(sql`
      SELECT panel_id, metadata->>'mac_domain' AS mac_domain FROM anomalies
      WHERE state <> 'closed' ORDER BY panel_id`)
    expect(outages.rows).toEqual([
      { panel_id: 1, mac_domain: byId.get(2)?.mac_domain },
      { panel_id: 3, mac_domain: panel3[0]?.mac_domain },
    ])
  })

  it('stops the history of a disconnected unit when its disconnection started', async () => {
    await reseed(2)
    const { rows } = await t.db.execute<{ after: number }>(sql`
      SELECT count(*)::int AS after FROM measurements m
      JOIN disconnections d ON d.unit_id = m.unit_id AND d.end_dtime IS NULL
      WHERE m.dtime >= d.start_dtime`)
    expect(rows[0]?.after).toBe(0)
  })
})
