import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { hasGrant, SECTION } from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import type { ConsumerMetricKey } from '../../../contracts/metrics.ts'
import {
  ConsumerConfigUpdateSchema,
  MAX_LIST_RANGE_DAYS,
  MAX_RANGE_DAYS,
  MetricResultsRequestSchema,
  RANGE_TOO_LONG,
  RangeQuerySchema,
  ScheduledTestsDailyQuerySchema,
} from '../../../contracts/unit-analytics.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { unitDataVersion } from '../../lib/unit-data-version.ts'
import { canManageUnit, canReadUnit, type UnitFacts } from './access.ts'
import { createAnswerCache, createUnitFactsCache } from './metric-results-cache.ts'
import { preferredEncoding } from '../../plugins/compression.ts'
import {
  canRunMetric,
  presentAnomaliesInProgress,
  presentBreaches,
  presentConsumerConfig,
  presentDataUsage,
  presentDisconnections,
  presentDisconnectionsInProgress,
  presentMetricResults,
  presentSkippedTests,
  presentTestRun,
  presentUnitMetrics,
} from './presenter.ts'
import * as repo from './repository.ts'

const DAY_MS = 86_400_000
/** Rows a list endpoint returns at most (skipped tests, breaches); totals still count all. */
const LIST_LIMIT = 5000

/** Unit ids are int4 in the database: at most 9 digits, so a huge id is a 400, not a 500. */
const unitId = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))
const UnitParamsSchema = v.object({ unitId })
const UnitsIdParamsSchema = v.object({ id: unitId })
const TestParamsSchema = v.object({ unitId, testId: v.pipe(v.string(), v.uuid()) })

type MetricResultsBody = v.InferOutput<typeof MetricResultsRequestSchema>

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/**
 * A checked range: `from` before `to` and at most `maxDays` long, else 400 VALIDATION_FAIL with
 * the error filed under `field` (INVALID, or RANGE_TOO_LONG).
 */
export function checkRange(from: string, to: string, maxDays: number, field: string): repo.Range {
  const range = { from: new Date(from), to: new Date(to) }
  const span = range.to.getTime() - range.from.getTime()
  if (Number.isNaN(span) || span <= 0) throw validationFail({ [field]: [CommonCodes.INVALID] })
  if (span > maxDays * DAY_MS) throw validationFail({ [field]: [RANGE_TOO_LONG] })
  return range
}

/** Speed metrics whose results are compared with the package (breaches). */
const BREACH_KEYS = {
  download: ['httpgetmt', 'httpget', 'udp_accelerated_dl'],
  upload: ['httppostmt', 'httppost', 'udp_accelerated_ul'],
} satisfies Record<string, ConsumerMetricKey[]>

/** What Fastify sends for an object; the cached answers are sent as the same bytes. */
const JSON_TYPE = 'application/json; charset=utf-8'

/** The metric_results body of a validated request on a unit the caller may read. */
async function metricResults(
  db: FastifyInstance['db'],
  input: { unit: UnitFacts; body: MetricResultsBody; range: repo.Range; canRun: boolean },
) {
  const { unit, body, range, canRun } = input
  const query = {
    unitId: unit.id,
    metricKey: body.metric,
    range,
    localTargetOnly: body.localTargetSetResultsOnly,
    timezone: unit.timezone,
  }
  let buckets: repo.BucketRow[] = []
  let raw: repo.RawRow[] | null = null
  let aggregated: { hourly: repo.BucketRow[]; daily: repo.BucketRow[] } | null = null
  let latest: repo.RawRow | null = null
  if (canRun) {
    const [main, hourly, daily, last] = await Promise.all([
      body.aggregation === 'raw'
        ? repo.rawResults(db, query)
        : repo.metricBuckets(db, query, body.aggregation === 'hourly' ? 'hour' : 'day'),
      body.includeAggregated && body.aggregation !== 'hourly'
        ? repo.metricBuckets(db, query, 'hour')
        : null,
      body.includeAggregated && body.aggregation !== 'daily'
        ? repo.metricBuckets(db, query, 'day')
        : null,
      // Raw rows hold their latest; buckets do not (an hour's mean is not the latest test).
      body.includeTotal && body.aggregation !== 'raw' ? repo.latestResult(db, query) : null,
    ])
    latest = last
    if (body.aggregation === 'raw') raw = main as repo.RawRow[]
    else buckets = main as repo.BucketRow[]
    if (body.includeAggregated) {
      aggregated = { hourly: hourly ?? buckets, daily: daily ?? buckets }
    }
  } else if (body.aggregation === 'raw') {
    raw = []
  }
  return presentMetricResults({
    metricKey: body.metric,
    aggregation: body.aggregation,
    includeTotal: body.includeTotal,
    canRun,
    buckets,
    raw,
    aggregated,
    latest,
  })
}

/** The unit analytics service (seeds 7.4) under /api/unit-analytics. */
export function unitAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  const unitRead = declare({ own: 'unit-read' })
  const unitManage = declare({ own: 'unit-manage' })

  const answers = createAnswerCache()
  const unitFacts = createUnitFactsCache()

  app.post('/:unitId/metric_results', unitRead, async (request, reply) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const body = validate(MetricResultsRequestSchema, request.body)
    const range = checkRange(body.date.from, body.date.to, MAX_RANGE_DAYS[body.aggregation], 'date')
    // Read before the facts and the data: a write committed after this bumps it, so whatever is
    // computed now is keyed under a version no later request asks for.
    const version = unitDataVersion(id)
    // The grant check runs on every request, before the cache: a cached answer only ever goes
    // to a caller who may read the unit. Only the facts it needs are cached (a few seconds).
    const unit = await canReadUnit(app, request, id, (unitId, userId) =>
      unitFacts.get(unitId, userId, version, () => repo.findUnitFacts(app.db, unitId, userId)),
    )
    const canRun = canRunMetric(body.metric, unit.environment)
    // Everything the answer depends on: the request as validated (defaults filled, dates as
    // given), the unit's data version, and the facts that shape the answer.
    const key = JSON.stringify([
      unit.id,
      version,
      unit.timezone,
      canRun,
      body.date.from,
      body.date.to,
      body.aggregation,
      body.metric,
      body.includeAggregated,
      body.includeTotal,
      body.localTargetSetResultsOnly,
    ])
    const answer = await answers.get(
      key,
      async () => {
        const results = await metricResults(app.db, { unit, body, range, canRun })
        return Buffer.from(JSON.stringify(results))
      },
      preferredEncoding(request.headers['accept-encoding']),
    )
    // Encoded once per cached answer, not per request (the compression plugin skips it).
    reply.type(JSON_TYPE).header('vary', 'accept-encoding')
    if (answer.encoding) reply.header('content-encoding', answer.encoding)
    return reply.send(answer.body)
  })

  app.get('/:unitId/disconnections', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const query = validate(RangeQuerySchema, request.query)
    const range = checkRange(query.from, query.to, MAX_LIST_RANGE_DAYS, 'to')
    const unit = await canReadUnit(app, request, id)
    const [rows, config] = await Promise.all([
      repo.disconnectionsIn(app.db, unit.id, range),
      repo.findConsumerConfig(app.db, unit.id),
    ])
    return presentDisconnections(rows, config?.config.disconnectionMeasurements !== false)
  })

  app.get('/:unitId/disconnection_in_progress', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const unit = await canReadUnit(app, request, id)
    return presentDisconnectionsInProgress(await repo.disconnectionsInProgress(app.db, unit.id))
  })

  app.get('/:unitId/anomalies_in_progress', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const unit = await canReadUnit(app, request, id)
    const rows =
      unit.panelId === null
        ? []
        : await repo.anomaliesInProgress(app.db, {
            id: unit.id,
            panelId: unit.panelId,
            macDomain: unit.macDomain,
          })
    const grants = await requestGrants(app, request)
    const mayOpen =
      unit.panelId !== null &&
      hasGrant(grants, SECTION.anomalyDetection, 'view', { panel: unit.panelId })
    return presentAnomaliesInProgress(rows, mayOpen)
  })

  app.get('/units/:id/breaches', unitRead, async (request) => {
    const { id } = validate(UnitsIdParamsSchema, request.params)
    const query = validate(RangeQuerySchema, request.query)
    const range = checkRange(query.from, query.to, MAX_LIST_RANGE_DAYS, 'to')
    const unit = await canReadUnit(app, request, id)
    if (unit.downloadKbps === null || unit.uploadKbps === null) return presentBreaches([])
    const rows = await repo.breaches(
      app.db,
      { id: unit.id, downloadKbps: unit.downloadKbps, uploadKbps: unit.uploadKbps },
      range,
      BREACH_KEYS,
      LIST_LIMIT,
    )
    return presentBreaches(rows)
  })

  app.get('/:unitId/skipped_tests', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const query = validate(RangeQuerySchema, request.query)
    const range = checkRange(query.from, query.to, MAX_LIST_RANGE_DAYS, 'to')
    const unit = await canReadUnit(app, request, id)
    const { rows, total } = await repo.skippedTests(app.db, unit.id, range, LIST_LIMIT)
    return presentSkippedTests(rows, total)
  })

  app.get('/:unitId/scheduled_tests_daily', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const query = validate(ScheduledTestsDailyQuerySchema, request.query)
    const unit = await canReadUnit(app, request, id)
    const counts = await repo.scheduledOnDay(
      app.db,
      { unitId: unit.id, metricKey: query.metric, date: query.date, timezone: unit.timezone },
      query.localTargetSetResultsOnly,
    )
    return {
      data: {
        date: query.date,
        metric: query.metric,
        // Every run that was due: those that ran (whatever their target) and those skipped.
        scheduled: counts.all + counts.skipped,
        ran: counts.ran,
        skipped: counts.skipped,
      },
    }
  })

  app.get('/:unitId/metrics', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const unit = await canReadUnit(app, request, id)
    return presentUnitMetrics(unit.environment)
  })

  app.get('/:unitId/data_usage', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const query = validate(RangeQuerySchema, request.query)
    const range = checkRange(query.from, query.to, MAX_LIST_RANGE_DAYS, 'to')
    const unit = await canReadUnit(app, request, id)
    return presentDataUsage(await repo.dataUsageByDay(app.db, unit.id, range, unit.timezone))
  })

  app.get('/:unitId/test_results/:testId', unitRead, async (request) => {
    const { unitId: id, testId } = validate(TestParamsSchema, request.params)
    const unit = await canReadUnit(app, request, id)
    const [first, ...rest] = await repo.testRun(app.db, unit.id, testId)
    if (!first) throw notFound()
    return presentTestRun(testId, [first, ...rest])
  })

  app.get('/:unitId/consumer-config', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const unit = await canReadUnit(app, request, id)
    return presentConsumerConfig(await repo.findConsumerConfig(app.db, unit.id))
  })

  app.post('/:unitId/consumer-config', unitManage, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const body = validate(ConsumerConfigUpdateSchema, request.body)
    const unit = await canManageUnit(app, request, id)
    const row = await repo.saveHasRestrictedMetrics(app.db, unit.id, body.hasRestrictedMetrics)
    return presentConsumerConfig(row)
  })

  app.get('/:unitId/consumer-config/has-restricted-metrics', unitRead, async (request) => {
    const { unitId: id } = validate(UnitParamsSchema, request.params)
    const unit = await canReadUnit(app, request, id)
    const config = await repo.findConsumerConfig(app.db, unit.id)
    // Seeds 7.4: a 404 means false.
    if (!config?.hasRestrictedMetrics) throw notFound()
    return { data: { hasRestrictedMetrics: true as const } }
  })

  return Promise.resolve()
}
