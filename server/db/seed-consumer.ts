/**
 * The consumer demo data of issue 4: unit installation details, package history, consumer configs,
 * area outages, and `days` of synthetic test history (measurements, skipped tests, disconnections)
 * for every unit. Runs after the demo accounts and units exist (server/db/seed.ts).
 *
 * Volume (90 days): ~440 k measurement rows (personal units hourly, fleet units every 3 hours).
 * They go in as `INSERT … SELECT FROM unnest(…)` batches of 40 k rows on two connections while
 * the next batch is generated: about 5 s on the 2-core machines here, inside the 8 s budget.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from './client.ts'
import {
  generateDisconnections,
  generateUnitHistory,
  type Connection,
  type DisconnectionRow,
  type SkippedRow,
  type UnitHistory,
  type UnitProfile,
} from './synthetic/consumer-history.ts'
import { mulberry32 } from './synthetic/prng.ts'
import { unitDetails, type UnitDetails } from './synthetic/unit-details.ts'

/** Options of the consumer demo data: `days` of history ending at `now`. */
export type ConsumerSeedOptions = { now: Date; days: number }

/** What the seed did, for logs and benchmarks. */
export type ConsumerSeedReport = {
  units: number
  measurements: number
  disconnections: number
  skippedTests: number
  milliseconds: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Rows per INSERT: large enough to amortise the round trip, small enough to pipeline. */
const BATCH_ROWS = 40_000

type UnitRow = {
  id: number
  panelId: number | null
  ownerUserId: number | null
  isTtCompatible: boolean
  ispId: number | null
  packageId: number | null
  packageName: string | null
  downloadKbps: number | null
  uploadKbps: number | null
  countryId: number | null
}

type PackageRow = {
  id: number
  ispId: number
  name: string
  downloadKbps: number
  uploadKbps: number
}

/** The unit states the demo shows (issue 4 §1): which unit is offline, and how. */
type UnitState = {
  lastSeen: number
  /** Start of a disconnection still in progress. */
  ongoingSince: number | null
  disconnectionMeasurements: boolean
}

async function loadUnits(db: Db): Promise<UnitRow[]> {
  const result = await db.execute<UnitRow>(sql`
    SELECT u.id, u.panel_id AS "panelId", u.owner_user_id AS "ownerUserId",
           u.is_tt_compatible AS "isTtCompatible", u.isp_id AS "ispId", u.package_id AS "packageId",
           p.name AS "packageName", p.download_kbps AS "downloadKbps", p.upload_kbps AS "uploadKbps",
           i.country_id AS "countryId"
    FROM units u
    LEFT JOIN packages p ON p.id = u.package_id
    LEFT JOIN isps i ON i.id = u.isp_id
    -- New installs have no history yet (server/db/seed.ts NEW_INSTALLS_ON_PANEL_3).
    WHERE coalesce(u.environment->>'install_state', '') <> 'awaiting_first_results'
    ORDER BY u.id`)
  return result.rows
}

async function loadPackages(db: Db): Promise<PackageRow[]> {
  const result = await db.execute<PackageRow>(sql`
    SELECT id, isp_id AS "ispId", name, download_kbps AS "downloadKbps", upload_kbps AS "uploadKbps"
    FROM packages ORDER BY id`)
  return result.rows
}

/** Unit 2 (multi) is the demo's mobile unit; fleet units on 5G or wireless packages are too. */
function connectionOf(unitId: number, packageName: string | null): Connection {
  return unitId === 2 || /5G|Wireless/i.test(packageName ?? '') ? 'mobile' : 'fibre'
}

/**
 * Which package each unit is on: personal units keep theirs except unit 2, which moves to its
 * ISP's wireless plan; fleet units spread over their ISP's packages.
 */
function choosePackage(unit: UnitRow, packages: PackageRow[]): PackageRow | null {
  const ofIsp = packages.filter((p) => p.ispId === unit.ispId)
  const current = ofIsp.find((p) => p.id === unit.packageId) ?? null
  if (unit.id === 2) return ofIsp.find((p) => /Wireless|5G/i.test(p.name)) ?? current
  if (unit.ownerUserId !== null || ofIsp.length === 0) return current
  const random = mulberry32(0xfacade + unit.id)
  return ofIsp[Math.floor(random() * ofIsp.length)] ?? current
}

/** The offline cases the demo needs; every other unit was seen a minute or two ago. */
function unitStates(rows: UnitRow[], now: number): Map<number, UnitState> {
  const states = new Map<number, UnitState>()
  const panel3 = rows.filter((row) => row.panelId === 3).map((row) => row.id)
  const lastUnit = rows.at(-1)?.id
  for (const row of rows) {
    // Unit 1 (the consumer's) is seen 2 minutes ago: their dashboard must show online.
    const seenMinutesAgo = row.id === 1 ? 2 : 1 + (row.id % 4)
    states.set(row.id, {
      lastSeen: now - seenMinutesAgo * MINUTE,
      ongoingSince: null,
      disconnectionMeasurements: row.id !== lastUnit,
    })
  }
  const set = (id: number | undefined, state: Partial<UnitState>) => {
    const current = id === undefined ? undefined : states.get(id)
    if (id !== undefined && current) states.set(id, { ...current, ...state })
  }
  // Unit 4 and the first panel-3 unit are disconnected right now (seen when it started).
  const unit4Since = now - (2 * HOUR + 40 * MINUTE)
  set(4, { ongoingSince: unit4Since, lastSeen: unit4Since })
  const panel3Since = now - (5 * HOUR + 15 * MINUTE)
  set(panel3[0], { ongoingSince: panel3Since, lastSeen: panel3Since })
  // The second panel-3 unit stopped reporting 2 hours ago: offline by the 30-minute rule alone.
  set(panel3[1], { lastSeen: now - 2 * HOUR })
  return states
}

const iso = (time: number) => new Date(time).toISOString()

/**
 * A PostgreSQL array literal of plain values. Every text value the seed sends (metric keys,
 * statuses, UUIDs, target names) is made of letters, digits, '_' and '-', so none needs quoting.
 * Building the literal here is several times faster than letting pg quote 40,000 elements.
 */
function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  const parts = new Array<string>(values.length)
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i]
    parts[i] =
      value === null || value === undefined
        ? 'NULL'
        : typeof value === 'boolean'
          ? value
            ? 't'
            : 'f'
          : String(value)
  }
  return `{${parts.join(',')}}`
}

/** Measurement rows of several units, in (unit, metric, time) order: the index's own order. */
type Batch = {
  unitId: number[]
  metricKey: string[]
  dtime: number[]
  value: (number | null)[]
  status: string[]
  bytes: number[]
  testId: string[]
  localTarget: boolean[]
  target: string[]
}

function emptyBatch(): Batch {
  return {
    unitId: [],
    metricKey: [],
    dtime: [],
    value: [],
    status: [],
    bytes: [],
    testId: [],
    localTarget: [],
    target: [],
  }
}

function appendHistory(batch: Batch, history: UnitHistory): void {
  const keys = [...history.series.keys()].sort()
  for (const key of keys) {
    const series = history.series.get(key)
    if (!series) continue
    for (let i = 0; i < series.dtime.length; i += 1) batch.unitId.push(history.unitId)
    for (let i = 0; i < series.dtime.length; i += 1) batch.metricKey.push(key)
    batch.dtime.push(...series.dtime)
    batch.value.push(...series.value)
    batch.status.push(...series.status)
    batch.bytes.push(...series.bytes)
    batch.testId.push(...series.testId)
    batch.localTarget.push(...series.localTarget)
    batch.target.push(...series.target)
  }
}

const INSERT_MEASUREMENTS = `
  INSERT INTO measurements
    (unit_id, metric_key, dtime, value, status, bytes, test_id, local_target, target)
  SELECT u, k, to_timestamp(d), v, s::measurement_status, b, t, l, g
  FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[], $5::text[], $6::int8[],
              $7::uuid[], $8::bool[], $9::text[]) AS x(u, k, d, v, s, b, t, l, g)`

async function insertMeasurements(client: pg.ClientBase, batch: Batch): Promise<void> {
  if (batch.unitId.length === 0) return
  await client.query(INSERT_MEASUREMENTS, [
    arrayLiteral(batch.unitId),
    arrayLiteral(batch.metricKey),
    arrayLiteral(batch.dtime),
    arrayLiteral(batch.value),
    arrayLiteral(batch.status),
    arrayLiteral(batch.bytes),
    arrayLiteral(batch.testId),
    arrayLiteral(batch.localTarget),
    arrayLiteral(batch.target),
  ])
}

async function insertSkipped(client: pg.ClientBase, rows: SkippedRow[]): Promise<void> {
  if (rows.length === 0) return
  await client.query(
    `INSERT INTO skipped_tests (unit_id, metric_key, dtime, reason)
     SELECT u, k, to_timestamp(d), r
     FROM unnest($1::int[], $2::text[], $3::float8[], $4::text[]) AS x(u, k, d, r)`,
    [
      arrayLiteral(rows.map((row) => row.unitId)),
      arrayLiteral(rows.map((row) => row.metricKey)),
      arrayLiteral(rows.map((row) => row.dtime)),
      arrayLiteral(rows.map((row) => row.reason)),
    ],
  )
}

async function insertDisconnections(
  client: pg.ClientBase,
  rows: DisconnectionRow[],
): Promise<void> {
  if (rows.length === 0) return
  await client.query(
    `INSERT INTO disconnections (unit_id, start_dtime, end_dtime, is_unreliable)
     SELECT u, to_timestamp(s), to_timestamp(e), r
     FROM unnest($1::int[], $2::float8[], $3::float8[], $4::bool[]) AS x(u, s, e, r)`,
    [
      arrayLiteral(rows.map((row) => row.unitId)),
      arrayLiteral(rows.map((row) => row.start / 1000)),
      arrayLiteral(rows.map((row) => (row.end === null ? null : row.end / 1000))),
      arrayLiteral(rows.map((row) => row.isUnreliable)),
    ],
  )
}

/** A connection with its own transaction and the statement it is running. */
type Lane = { client: pg.PoolClient; pending: Promise<void> }

/**
 * Opens `count` transactions for the bulk load. Every row references a unit that exists by
 * construction, so a superuser (the embedded database is one) skips the per-row foreign-key
 * trigger, as pg_restore --disable-triggers does: that halves the load. SET LOCAL ends with
 * the transaction.
 */
async function openLanes(pool: pg.Pool, count: number): Promise<Lane[]> {
  const lanes: Lane[] = []
  for (let i = 0; i < count; i += 1) {
    const client = await pool.connect()
    lanes.push({ client, pending: Promise.resolve() })
    await client.query('BEGIN')
    const { rows } = await client.query<{ superuser: boolean }>(
      "SELECT current_setting('is_superuser') = 'on' AS superuser",
    )
    if (rows[0]?.superuser) await client.query('SET LOCAL session_replication_role = replica')
  }
  return lanes
}

/** Commits every lane (or rolls every one back when `ok` is false) and releases them. */
async function closeLanes(lanes: Lane[], ok: boolean): Promise<void> {
  for (const lane of lanes) {
    try {
      await lane.pending.catch(() => undefined)
      await lane.client.query(ok ? 'COMMIT' : 'ROLLBACK')
    } finally {
      lane.client.release()
    }
  }
}

/** The pg pool under a Db made by createDb (drizzle keeps it as $client). */
function poolOf(db: Db): pg.Pool {
  const client = (db as { $client?: unknown }).$client
  if (!(client instanceof pg.Pool)) throw new Error('the consumer seed needs a pool-backed Db')
  return client
}

type UnitUpdate = {
  id: number
  timezone: string
  address: UnitDetails['address']
  geo_data: UnitDetails['geoData']
  environment: UnitDetails['environment']
  mac_domain: string
  isp_id: number | null
  package_id: number | null
  package_changed_at: string
  last_seen: string
}

/** Installation details, package and last_seen of every unit in one statement. */
async function updateUnits(db: Db, updates: UnitUpdate[]): Promise<void> {
  await db.execute(sql`
    UPDATE units AS u SET
      timezone = x.timezone, address = x.address, geo_data = x.geo_data,
      environment = x.environment, mac_domain = x.mac_domain, isp_id = x.isp_id,
      package_id = x.package_id, package_changed_at = x.package_changed_at, last_seen = x.last_seen
    FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(
      id int, timezone text, address jsonb, geo_data jsonb, environment jsonb, mac_domain text,
      isp_id int, package_id int, package_changed_at timestamptz, last_seen timestamptz)
    WHERE u.id = x.id`)
}

/** Inserts the consumer demo data (see the file comment); returns what it inserted. */
export async function seedConsumerData(
  db: Db,
  options: ConsumerSeedOptions,
): Promise<ConsumerSeedReport> {
  const started = performance.now()
  const now = options.now.getTime()
  const from = now - options.days * DAY
  const [rows, packages] = await Promise.all([loadUnits(db), loadPackages(db)])
  const states = unitStates(rows, now)

  const profiles: { profile: UnitProfile; state: UnitState }[] = []
  const updates: UnitUpdate[] = []
  const packageChanges: {
    unitId: number
    ispId: number | null
    packageId: number | null
    changedAt: string
    changedBy: number | null
  }[] = []
  const details = new Map<number, UnitDetails>()
  for (const row of rows) {
    const state = states.get(row.id)
    if (!state) continue
    const plan = choosePackage(row, packages)
    const connection = connectionOf(row.id, plan?.name ?? row.packageName)
    // Units 1 and 2 live in Auckland: the demo's area outage covers unit 2's MAC domain.
    const detail = unitDetails(
      row.id,
      row.countryId,
      connection,
      row.isTtCompatible,
      row.id <= 2 ? 0 : undefined,
    )
    details.set(row.id, detail)
    const changedAt = iso(now - (120 + ((row.id * 37) % 500)) * DAY)
    updates.push({
      id: row.id,
      timezone: detail.timezone,
      address: detail.address,
      geo_data: detail.geoData,
      environment: detail.environment,
      mac_domain: detail.macDomain,
      isp_id: row.ispId,
      package_id: plan?.id ?? row.packageId,
      package_changed_at: changedAt,
      last_seen: iso(state.lastSeen),
    })
    packageChanges.push({
      unitId: row.id,
      ispId: row.ispId,
      packageId: plan?.id ?? row.packageId,
      changedAt,
      changedBy: row.ownerUserId,
    })
    profiles.push({
      state,
      profile: {
        id: row.id,
        personal: row.ownerUserId !== null,
        timezone: detail.timezone,
        connection,
        downloadMbps: (plan?.downloadKbps ?? row.downloadKbps ?? 100_000) / 1000,
        uploadMbps: (plan?.uploadKbps ?? row.uploadKbps ?? 20_000) / 1000,
        baseLatencyMs: detail.baseLatencyMs,
        localTarget: detail.localTarget,
      },
    })
  }
  await updateUnits(db, updates)
  await db.execute(sql`
    INSERT INTO unit_package_changes (unit_id, isp_id, package_id, changed_at, changed_by)
    SELECT x.unit_id, x.isp_id, x.package_id, x.changed_at, x.changed_by
    FROM jsonb_to_recordset(${JSON.stringify(
      packageChanges.map((change) => ({
        unit_id: change.unitId,
        isp_id: change.ispId,
        package_id: change.packageId,
        changed_at: change.changedAt,
        changed_by: change.changedBy,
      })),
    )}::jsonb) AS x(unit_id int, isp_id int, package_id int, changed_at timestamptz, changed_by int)`)

  await db.execute(sql`
    INSERT INTO consumer_configs (unit_id, config, has_restricted_metrics)
    SELECT x.unit_id, x.config, x.restricted
    FROM jsonb_to_recordset(${JSON.stringify(
      profiles.map(({ profile, state }) => ({
        unit_id: profile.id,
        // Unit 6 hides two metrics from its consumer (has-restricted-metrics is true there).
        restricted: profile.id === 6,
        config: {
          disconnectionMeasurements: state.disconnectionMeasurements,
          instantTestsEnabled: true,
          restrictedMetrics: profile.id === 6 ? ['responsiveness', 'gaming_latency'] : [],
        },
      })),
    )}::jsonb) AS x(unit_id int, config jsonb, restricted boolean)`)

  // Area outages: one ongoing over unit 2's MAC domain (panel 1), one over the disconnected
  // panel-3 unit's, and a closed one for history.
  const outages: {
    panel: number
    macDomain: string
    firstSeen: number
    closedAt: number | null
  }[] = []
  const unit2 = details.get(2)
  if (unit2) {
    outages.push({
      panel: 1,
      macDomain: unit2.macDomain,
      firstSeen: now - 3 * HOUR,
      closedAt: null,
    })
    outages.push({
      panel: 1,
      macDomain: unit2.macDomain,
      firstSeen: now - 20 * DAY,
      closedAt: now - 20 * DAY + 4 * HOUR,
    })
  }
  const panel3Down = profiles.find(
    ({ profile, state }) =>
      state.ongoingSince !== null && rows.find((r) => r.id === profile.id)?.panelId === 3,
  )
  const panel3Detail = panel3Down ? details.get(panel3Down.profile.id) : undefined
  if (panel3Down?.state.ongoingSince && panel3Detail) {
    outages.push({
      panel: 3,
      macDomain: panel3Detail.macDomain,
      firstSeen: panel3Down.state.ongoingSince,
      closedAt: null,
    })
  }
  if (outages.length > 0) {
    await db.execute(sql`
      WITH x AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(
          outages.map((outage) => ({
            panel_id: outage.panel,
            state: outage.closedAt === null ? 'ongoing' : 'closed',
            first_seen: iso(outage.firstSeen),
            closed_at: outage.closedAt === null ? null : iso(outage.closedAt),
            metadata: {
              mac_domain: outage.macDomain,
              cmts: outage.macDomain.split(':')[0] ?? '',
              hub_site: outage.macDomain.slice(0, 3),
            },
          })),
        )}::jsonb) AS x(panel_id int, state text, first_seen timestamptz, closed_at timestamptz, metadata jsonb)
      ),
      made AS (
        -- One collection per outage, as the unit page's outage notice links to (seeds 001 §3).
        INSERT INTO anomaly_collections (panel_id, area, source, state, first_seen, last_seen, closed_at, metadata, units)
        SELECT x.panel_id, x.metadata->>'mac_domain', 'outage', x.state::anomaly_state, x.first_seen,
               coalesce(x.closed_at, x.first_seen), x.closed_at,
               jsonb_build_object('hub_site', x.metadata->>'hub_site', 'cmts_name', x.metadata->>'cmts',
                                  'mac_domain', x.metadata->>'mac_domain'),
               (SELECT count(*) FROM units u WHERE u.panel_id = x.panel_id AND u.mac_domain = x.metadata->>'mac_domain')
        FROM x
        RETURNING id, panel_id, area, first_seen
      )
      INSERT INTO anomalies (panel_id, collection_id, type, metric, state, first_seen, last_seen, closed_at, metadata)
      SELECT x.panel_id, made.id, 'outage', 'outage', x.state::anomaly_state, x.first_seen,
             coalesce(x.closed_at, x.first_seen), x.closed_at, x.metadata
      FROM x JOIN made ON made.panel_id = x.panel_id AND made.area = x.metadata->>'mac_domain'
                      AND made.first_seen = x.first_seen`)
  }

  // Two connections write batches in parallel while this process generates the next one: the
  // database, not the generator, sets the pace, and it has two cores to do it.
  const pool = poolOf(db)
  const lanes = await openLanes(pool, Math.max(1, Math.min(2, pool.options.max)))
  let measurements = 0
  const skipped: SkippedRow[] = []
  const disconnections: DisconnectionRow[] = []
  try {
    let batch = emptyBatch()
    let next = 0
    const send = async (full: Batch) => {
      const lane = lanes[next % lanes.length]
      next += 1
      if (!lane) return
      await lane.pending
      lane.pending = insertMeasurements(lane.client, full)
      // Handled here so that a failure while the next batch is generated is not "unhandled";
      // awaiting the lane later still throws it.
      lane.pending.catch(() => undefined)
    }
    for (const { profile, state } of profiles) {
      const until = state.ongoingSince ?? state.lastSeen
      const window = { from, until, withDisconnections: state.disconnectionMeasurements }
      const downs = generateDisconnections(profile, window)
      disconnections.push(...downs)
      if (state.ongoingSince !== null) {
        disconnections.push({
          unitId: profile.id,
          start: state.ongoingSince,
          end: null,
          isUnreliable: false,
        })
      }
      const history = generateUnitHistory(profile, window, downs)
      skipped.push(...history.skipped)
      appendHistory(batch, history)
      if (batch.unitId.length >= BATCH_ROWS) {
        measurements += batch.unitId.length
        await send(batch)
        batch = emptyBatch()
      }
    }
    measurements += batch.unitId.length
    await send(batch)
    const [first] = lanes
    if (first) {
      await first.pending
      first.pending = (async () => {
        await insertSkipped(first.client, skipped)
        await insertDisconnections(first.client, disconnections)
      })()
    }
    for (const lane of lanes) await lane.pending
  } catch (error) {
    await closeLanes(lanes, false)
    throw error
  }
  await closeLanes(lanes, true)
  const totals = { measurements, skipped: skipped.length, disconnections: disconnections.length }
  // Fresh statistics, so the first queries already use the (unit, metric, time) index.
  await db.execute(sql`ANALYZE measurements, skipped_tests, disconnections`)
  return {
    units: profiles.length,
    measurements: totals.measurements,
    disconnections: totals.disconnections,
    skippedTests: totals.skipped,
    milliseconds: Math.round(performance.now() - started),
  }
}
