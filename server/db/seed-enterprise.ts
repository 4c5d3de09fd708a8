/**
 * The enterprise demo fleet of the analysts (issue 23 §1): panel 6 with 2,000 units across the UK,
 * Australia and New Zealand (regions, ISPs, packages, DSL/cable/fibre/4G/5G with positions, hub
 * site, CMTS, MAC domain, custom fields) and 90 days of results of the main metric families, at a
 * few runs a day per metric. The results are generated inside PostgreSQL (INSERT … SELECT over
 * generate_series; values from hashes of unit, metric, day and slot, so the same on every run):
 * raw rows for the last `rawDays`, day summaries (contracts/quantile-sketch.ts) for all `days`,
 * computed by the same generator so that the two agree. Times are generated relative to `now`
 * and never moved afterwards (server/services/ingestion/README.md).
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { grants, packages, panels, unitAttributes, units } from './schema.ts'
import { serialNumberFor } from './serial-number.ts'
import {
  EXTRA_PACKAGES,
  fleetMac,
  fleetUnit,
  type FleetPackage,
} from './synthetic/enterprise-fleet.ts'
import { STORE_METRICS, type StoreMetricKey } from '../../contracts/ingestion.ts'

export type EnterpriseSeedOptions = {
  now: Date
  /** Units of the fleet (2,000 in the demo). */
  units: number
  /** Days of results (summaries), ending today in each unit's time zone. */
  days: number
  /** The most recent days that also get raw results (≤ days). */
  rawDays: number
  /** What goes wrong where in the results (none unless given). */
  incidents?: Incident[]
}

export type EnterpriseSeedReport = {
  units: number
  rawResults: number
  summaries: number
  milliseconds: number
}

/** The demo's enterprise fleet: 2,000 units, 90 days, raw results for the last 7. */
export const ENTERPRISE_DEMO = { units: 2000, days: 90, rawDays: 7 } as const

/**
 * The server tests' template: the panel without its fleet (every test file clones the template;
 * seed-enterprise.test.ts adds a small fleet to its own copy).
 */
export const ENTERPRISE_TEST = { units: 0, days: 0, rawDays: 0 } as const

export const ENTERPRISE_PANEL = {
  pid: 6,
  // After the analyst's other panels alphabetically: the panel picker's default stays theirs.
  frontName: 'Southern Cross Regional Benchmark',
  organisationId: 2,
} as const
/** Ids of the fleet's units start here (the other demo units stay below). */
export const FIRST_FLEET_UNIT_ID = 1001

/** The analyst's grants on the fleet's panel (as on panels 2 and 3). */
const ANALYST_GRANTS: [resource: string, permission: string][] = [
  ['Apollo', 'analytics'],
  ['Apollo', 'analytics_ui'],
  ['Apollo', 'agents_view'],
  ['test-measurements', 'network_performance'],
  ['test-measurements', 'advanced_analytics'],
  ['test-measurements', 'maps'],
  ['test-measurements', 'reports'],
  ['test-measurements', 'data_api'],
  ['anomaly-detection', 'view'],
]

/** How often each metric runs a day, and which value formula it uses (generator below). */
const SCHEDULE: [metric: StoreMetricKey, perDay: number][] = [
  ['httpgetmt', 3],
  ['httpgetst', 3],
  ['httppostmt', 3],
  ['httppostst', 3],
  ['udpLatency', 4],
  ['udpPacketLoss', 4],
  ['udpJitter', 4],
  ['dns_resolution', 2],
  ['web_page_load', 2],
  ['video_netflix_bitrate', 2],
  ['voip_mos', 2],
  ['responsiveness', 2],
  ['disconnection_count', 1],
  ['disconnection_duration', 1],
  ['consistency_80_80', 1],
  ['mobile_signal_strength', 2],
]
// Not generated per unit: video_youtube_bitrate (the store takes it from units that run it) and
// active_agent_count (analytics counts the units with results).

const id = (key: StoreMetricKey) => STORE_METRICS[key].id

/**
 * The value of one result from uniforms r1, r2 (per result) and rd (per unit and day), the unit's
 * technology, effective speeds and quality q, and whether it ran in the evening peak.
 */
const VALUE_SQL = `CASE metric_id
  WHEN ${id('httpgetmt')} THEN down * (0.8 + 0.2 * r1) * CASE WHEN evening THEN 0.82 + 0.12 * r2 ELSE 1 END
    * CASE WHEN mobile THEN 0.35 + 0.6 * r2 ELSE 1 END
  WHEN ${id('httpgetst')} THEN least(down * (0.5 + 0.3 * r1), 400) * CASE WHEN evening THEN 0.85 ELSE 1 END
  WHEN ${id('httppostmt')} THEN up * (0.85 + 0.15 * r1) * CASE WHEN mobile THEN 0.4 + 0.5 * r2 ELSE 1 END
  WHEN ${id('httppostst')} THEN up * (0.6 + 0.3 * r1)
  WHEN ${id('udpLatency')} THEN base_ms * (1 + 0.6 * r1 * r1) * CASE WHEN evening THEN 1.25 ELSE 1 END + 8 * q
  WHEN ${id('udpPacketLoss')} THEN power(r1, 6) * loss_pct
  WHEN ${id('udpJitter')} THEN (0.3 + 2 * r1 * r1) * CASE WHEN mobile THEN 4 ELSE 1 END
  WHEN ${id('dns_resolution')} THEN 8 + 30 * r1 * r1 + base_ms / 2
  WHEN ${id('web_page_load')} THEN 350 + 900 * r1 * r1 + base_ms * 15
  WHEN ${id('video_netflix_bitrate')} THEN least(down * 0.9, 15.25) * (0.85 + 0.15 * r1)
  WHEN ${id('video_youtube_bitrate')} THEN least(down * 0.9, 20) * (0.8 + 0.2 * r1)
  WHEN ${id('voip_mos')} THEN 4.41 - 0.8 * power(r1, 4) - CASE WHEN mobile THEN 0.3 ELSE 0 END
  WHEN ${id('responsiveness')} THEN rpm * (0.6 + 0.6 * r1)
  WHEN ${id('disconnection_count')} THEN CASE WHEN rd < 0.9 THEN 0 ELSE 1 + floor(r2 * 3) END
  WHEN ${id('disconnection_duration')} THEN CASE WHEN rd < 0.9 THEN 0 ELSE 30 + 600 * r2 * r2 END
  WHEN ${id('consistency_80_80')} THEN 100 - 25 * power(r1, 3) - 10 * q
  WHEN ${id('active_agent_count')} THEN 1
  ELSE -112 + 40 * r1
END`

/**
 * Something going wrong in one hub site's area (the fault finder's to find, issue 25 / seeds 001
 * §2.3): its results of `metrics` on local days [from, to] (to null: still going) are `factor`
 * times their usual value, and `failShare` of them fail.
 */
export type Incident = {
  hubSite: string
  metrics: StoreMetricKey[]
  from: string
  to: string | null
  factor?: number
  failShare?: number
}

const DAY_MS = 86_400_000

/** A local day (YYYY-MM-DD) of an instant in a time zone. */
function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant)
}

/**
 * The demo's incidents around `now`: slow downloads in a London hub for the last four days
 * (going on: the demo reporter keeps them), latency doubled in a Sydney hub since yesterday, a
 * packet-loss episode in Auckland three weeks ago and failing uploads in the Midlands last week.
 */
export function demoIncidents(now: Date): Incident[] {
  const ago = (days: number, timeZone: string) =>
    localDay(new Date(now.getTime() - days * DAY_MS), timeZone)
  return [
    {
      hubSite: 'LON-HUB-02',
      metrics: ['httpgetmt', 'httpgetst'],
      from: ago(3, 'Europe/London'),
      to: null,
      factor: 0.45,
    },
    {
      hubSite: 'NSW-HUB-01',
      metrics: ['udpLatency'],
      from: ago(1, 'Australia/Sydney'),
      to: ago(0, 'Australia/Sydney'),
      factor: 2.6,
    },
    {
      hubSite: 'AKL-HUB-03',
      metrics: ['udpPacketLoss'],
      from: ago(20, 'Pacific/Auckland'),
      to: ago(17, 'Pacific/Auckland'),
      factor: 20,
    },
    {
      hubSite: 'MID-HUB-01',
      metrics: ['httppostmt'],
      from: ago(9, 'Europe/London'),
      to: ago(8, 'Europe/London'),
      failShare: 0.4,
    },
  ]
}

/**
 * The demo's incidents still going at `now`, from any day: the demo reporter keeps them up in
 * the results it makes after the seed (all of them later than the incidents began).
 */
export function ongoingIncidents(now: Date): Incident[] {
  return demoIncidents(now)
    .filter((incident) => incident.to === null)
    .map((incident) => ({ ...incident, from: '2000-01-01' }))
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`

/** The SQL condition of a result falling in an incident (f: unit, m: metric, `day`: local day). */
function inIncidentSql(incident: Incident, day: string): string {
  const metrics = incident.metrics.map((metric) => id(metric)).join(', ')
  const to = incident.to === null ? '' : ` AND ${day} <= date ${quoted(incident.to)}`
  return `(f.hub_site = ${quoted(incident.hubSite)} AND m.metric_id IN (${metrics}) AND ${day} >= date ${quoted(incident.from)}${to})`
}

/** Per-result uniform in [0, 1) from a 64-bit key and a salt. */
const uniformSql = (key: string, salt: number) =>
  `((hashint8extended(${key}, ${salt}) & 2147483647)::float8 / 2147483648)`

/**
 * The generator: every result of the fleet's units `unit_id % parts = part` on local days
 * [from, from + days) that ran by `now`, as (unit_id, metric_id, local_time, dtime, value,
 * status, test_id).
 */
export function generatorSql(input: {
  pid: number
  from: string
  days: number
  now: Date
  part: number
  parts: number
  /** Whether to compute test ids (raw rows need them, summaries do not). */
  testIds: boolean
  /** What goes wrong where (none unless given). */
  incidents?: Incident[]
}): string {
  const schedule = SCHEDULE.map(([metric, perDay]) => `(${id(metric)}, ${perDay})`).join(', ')
  const day = `(date '${input.from}' + d.n)`
  const key = (salt: string) =>
    `(f.unit_id::bigint * 100000000 + ${salt} * 1000000 + (${day} - date '2000-01-01') * 10 + s.slot)`
  const incidents = input.incidents ?? []
  const factors = incidents.filter((incident) => incident.factor !== undefined)
  const factorSql =
    factors.length === 0
      ? '1'
      : `CASE ${factors.map((incident) => `WHEN ${inIncidentSql(incident, day)} THEN ${String(incident.factor)}`).join(' ')} ELSE 1 END`
  const failures = incidents
    .filter((incident) => incident.failShare !== undefined)
    .map(
      (incident) =>
        `WHEN ${inIncidentSql(incident, day)} AND ${uniformSql(key('m.metric_id'), 7)} < ${String(incident.failShare)} THEN 'ERROR'`,
    )
    .join('\n             ')
  return `
  SELECT unit_id, metric_id, local_time, dtime, test_id, status,
         CASE WHEN status = 'OK' THEN (${VALUE_SQL})::float8 * incident_factor END AS value
  FROM (
    SELECT f.unit_id, m.metric_id, f.down, f.up, f.mobile, f.base_ms, f.loss_pct, f.rpm, f.q,
           ${factorSql}::float8 AS incident_factor,
           lt.local_time, lt.local_time AT TIME ZONE f.tz AS dtime,
           lt.minute BETWEEN 19 * 60 AND 23 * 60 - 1 AS evening,
           ${uniformSql(key('m.metric_id'), 1)} AS r1,
           ${uniformSql(key('m.metric_id'), 2)} AS r2,
           ${uniformSql(key('0'), 3)} AS rd,
           ${input.testIds ? `md5(f.unit_id || ':' || m.metric_id || ':' || ${day} || ':' || s.slot)::uuid` : 'NULL::uuid'} AS test_id,
           CASE
             WHEN m.metric_id = ${id('voip_mos')} AND f.cant_voip THEN 'DEVICE_CANT_RUN_TEST'
             WHEN m.per_day = 1 THEN 'OK'
             ${failures}
             WHEN ${uniformSql(key('m.metric_id'), 4)} < 0.008 THEN 'ERROR'
             WHEN ${uniformSql(key('m.metric_id'), 4)} < 0.013 THEN 'NO_DATA'
             ELSE 'OK'
           END::measurement_status AS status
    FROM (
      SELECT u.id AS unit_id, u.timezone AS tz, a.technology IN ('4g', '5g') AS mobile, a.hub_site,
             CASE a.technology WHEN 'dsl' THEN least(p.download_kbps / 1000.0::float8, 70)
                               WHEN '4g' THEN least(p.download_kbps / 1000.0::float8, 120)
                               ELSE p.download_kbps / 1000.0::float8 END AS down,
             p.upload_kbps / 1000.0::float8 AS up,
             CASE a.technology WHEN 'fibre' THEN 8 WHEN 'cable' THEN 14 WHEN 'dsl' THEN 20
                               WHEN '4g' THEN 35 ELSE 20 END::float8 AS base_ms,
             CASE a.technology WHEN 'fibre' THEN 0.3 WHEN 'cable' THEN 0.6 WHEN 'dsl' THEN 0.8
                               WHEN '4g' THEN 2 ELSE 1 END::float8 AS loss_pct,
             CASE a.technology WHEN 'fibre' THEN 1800 WHEN 'cable' THEN 900 WHEN 'dsl' THEN 500
                               WHEN '4g' THEN 300 ELSE 700 END::float8 AS rpm,
             ${uniformSql('u.id::bigint', 5)} AS q,
             ${uniformSql('u.id::bigint', 6)} < 0.02 AS cant_voip
      FROM units u
      JOIN unit_attributes a ON a.unit_id = u.id
      JOIN packages p ON p.id = u.package_id
      WHERE u.panel_id = ${input.pid} AND u.id % ${input.parts} = ${input.part}
    ) f
    CROSS JOIN (VALUES ${schedule}) AS m(metric_id, per_day)
    CROSS JOIN generate_series(0, ${input.days - 1}) AS d(n)
    CROSS JOIN LATERAL generate_series(0, m.per_day - 1) AS s(slot)
    CROSS JOIN LATERAL (
      SELECT x.minute, ${day} + x.minute * interval '1 minute' AS local_time
      FROM (SELECT s.slot * (1440 / m.per_day)
                   + (f.unit_id * 37 + m.metric_id * 53) % (1440 / m.per_day) AS minute) x
    ) lt
    WHERE m.metric_id <> ${id('mobile_signal_strength')} OR f.mobile
    -- OFFSET 0 keeps each level's values computed once (a flattened query repeats them).
    OFFSET 0
  ) g
  WHERE dtime <= '${input.now.toISOString()}'::timestamptz
  OFFSET 0`
}

/** Day summaries (as ingestion keeps them) of the generator's results. */
function summariesSql(generator: string): string {
  return `
  INSERT INTO unit_day_summaries
    (unit_id, metric_id, day, count, sum, min, max, keys, counts, no_data, cant_run, errors)
  SELECT unit_id, metric_id, day,
         coalesce(sum(c) FILTER (WHERE k IS NOT NULL), 0)::int,
         coalesce(sum(s), 0), min(mn), max(mx),
         coalesce(array_agg(k ORDER BY k) FILTER (WHERE k IS NOT NULL), '{}'),
         coalesce(array_agg(c ORDER BY k) FILTER (WHERE k IS NOT NULL), '{}'),
         sum(no_data)::int, sum(cant_run)::int, sum(errors)::int
  FROM (
    SELECT unit_id, metric_id, local_time::date AS day,
           CASE WHEN status = 'OK' THEN wb_sketch_key(value) END AS k,
           (count(*) FILTER (WHERE status = 'OK'))::int AS c,
           sum(value) FILTER (WHERE status = 'OK') AS s,
           min(value) FILTER (WHERE status = 'OK') AS mn,
           max(value) FILTER (WHERE status = 'OK') AS mx,
           count(*) FILTER (WHERE status = 'NO_DATA') AS no_data,
           count(*) FILTER (WHERE status = 'DEVICE_CANT_RUN_TEST') AS cant_run,
           count(*) FILTER (WHERE status = 'ERROR') AS errors
    FROM (${generator}) r
    GROUP BY 1, 2, 3, 4
  ) b
  GROUP BY 1, 2, 3`
}

const ymd = (date: Date) => date.toISOString().slice(0, 10)

/** Runs `work` for parts 0..parts-1 at once (one pool connection each). */
async function inParts(parts: number, work: (part: number) => Promise<number>): Promise<number> {
  const counts = await Promise.all(Array.from({ length: parts }, (_, part) => work(part)))
  return counts.reduce((a, b) => a + b, 0)
}

/** Creates the enterprise panel and fleet with its results (after seedDemoData's accounts). */
export async function seedEnterprise(
  db: Db,
  options: EnterpriseSeedOptions,
): Promise<EnterpriseSeedReport> {
  await db.transaction(async (tx) => {
    await tx.insert(panels).values(ENTERPRISE_PANEL)
    const ispRows = await tx.execute<{ id: number; name: string }>(sql`SELECT id, name FROM isps`)
    const ispIds = new Map(ispRows.rows.map((row) => [row.name, row.id]))
    await tx.insert(packages).values(
      EXTRA_PACKAGES.map(([isp, name, downloadKbps, uploadKbps]) => ({
        ispId: ispIds.get(isp) ?? 0,
        name,
        downloadKbps,
        uploadKbps,
      })),
    )
    const analyst = await tx.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'analyst@example.com'`,
    )
    const analystId = analyst.rows[0]?.id
    if (analystId !== undefined) {
      await tx.insert(grants).values(
        ANALYST_GRANTS.map(([resource, permission]) => ({
          userId: analystId,
          resource,
          permission,
          scope: { panel: ENTERPRISE_PANEL.pid },
        })),
      )
    }
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('panels', 'pid'), (SELECT max(pid) FROM panels))`,
    )
  })
  return seedEnterpriseFleet(db, options)
}

/** The fleet's units and their results, on the enterprise panel (which must have no units). */
export async function seedEnterpriseFleet(
  db: Db,
  options: EnterpriseSeedOptions,
): Promise<EnterpriseSeedReport> {
  const started = performance.now()
  const { now } = options
  const pid = ENTERPRISE_PANEL.pid
  if (options.units <= 0) return { units: 0, rawResults: 0, summaries: 0, milliseconds: 0 }

  await db.transaction(async (tx) => {
    const packageRows = await tx.execute<FleetPackage>(
      sql`SELECT p.id, i.name AS isp, i.id AS "ispId", p.name FROM packages p JOIN isps i ON i.id = p.isp_id ORDER BY p.id`,
    )
    const fleet = Array.from({ length: options.units }, (_, i) => fleetUnit(i, packageRows.rows))
    const BATCH = 2000
    for (let start = 0; start < fleet.length; start += BATCH) {
      const batch = fleet.slice(start, start + BATCH)
      await tx.insert(units).values(
        batch.map((unit) => {
          const unitId = FIRST_FLEET_UNIT_ID + unit.index
          return {
            id: unitId,
            mac: fleetMac(unitId),
            serialNumber: serialNumberFor(unitId),
            label: `Benchmark unit ${String(unit.index + 1).padStart(4, '0')}`,
            panelId: pid,
            isTtCompatible: unit.index % 3 !== 0,
            ispId: unit.ispId,
            packageId: unit.packageId,
            lastSeen: new Date(now.getTime() - unit.silentMinutes * 60_000),
            timezone: unit.timezone,
            geoData: { latitude: unit.latitude, longitude: unit.longitude, accuracy: 25 },
            environment: {
              connection: unit.technology,
              hardware: 'Whitebox W3',
              firmware: '4.2.1',
            },
            macDomain: unit.macDomain,
          }
        }),
      )
      await tx.insert(unitAttributes).values(
        batch.map((unit) => ({
          unitId: FIRST_FLEET_UNIT_ID + unit.index,
          technology: unit.technology,
          region: unit.region,
          hubSite: unit.hubSite,
          cmtsName: unit.cmtsName,
          custom: unit.custom,
        })),
      )
    }
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('units', 'id'), (SELECT max(id) FROM units))`,
    )
  })

  // Local days run up to a day ahead of UTC's: generate through tomorrow (results after `now`
  // are left out), from `days` (or `rawDays`) before it.
  const tomorrow = new Date(now.getTime() + DAY_MS)
  const firstOf = (days: number) => ymd(new Date(tomorrow.getTime() - days * DAY_MS))
  await db.execute(
    sql`SELECT wb_ensure_result_partitions(${firstOf(options.days + 1)}::date, ${ymd(tomorrow)}::date)`,
  )
  const parts = 2
  const generator = (days: number, part: number, testIds: boolean) =>
    generatorSql({
      pid,
      from: firstOf(days),
      days: days + 1,
      now,
      part,
      parts,
      testIds,
      incidents: options.incidents,
    })
  const rawResults =
    options.rawDays <= 0
      ? 0
      : await inParts(parts, async (part) => {
          const result = await db.execute(
            sql.raw(`INSERT INTO unit_results (unit_id, metric_id, local_time, dtime, test_id, status, value)
                     ${generator(options.rawDays, part, true)}`),
          )
          return result.rowCount ?? 0
        })
  const summaries = await inParts(parts, (part) =>
    db.transaction(async (tx) => {
      // The two-level grouping of millions of generated results stays in memory.
      await tx.execute(sql`SET LOCAL work_mem = '128MB'`)
      const result = await tx.execute(sql.raw(summariesSql(generator(options.days, part, false))))
      return result.rowCount ?? 0
    }),
  )
  // The cohort grain from the unit-day rows: the older and the newer half of the days at once.
  const half = Math.floor(options.days / 2)
  const ranges = [
    [firstOf(options.days + 1), firstOf(half + 1)],
    [firstOf(half), ymd(tomorrow)],
  ] as const
  await inParts(ranges.length, (part) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL work_mem = '128MB'`)
      const [from, to] = ranges[part] ?? ranges[0]
      const { rows } = await tx.execute<{ n: number }>(
        sql`SELECT wb_rebuild_cohort_day_summaries(${pid}, ${from}::date, ${to}::date) AS n`,
      )
      return rows[0]?.n ?? 0
    }),
  )
  await db.execute(sql`ANALYZE unit_results`)
  await db.execute(sql`ANALYZE unit_day_summaries`)
  await db.execute(sql`ANALYZE cohort_day_summaries`)
  return {
    units: options.units,
    rawResults,
    summaries,
    milliseconds: Math.round(performance.now() - started),
  }
}
