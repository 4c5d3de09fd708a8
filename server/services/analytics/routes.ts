import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { hasGlobalAccess, hasPanelGrant, organisationRole } from '../../../contracts/access.ts'
import {
  analyticsLimits,
  BUILTIN_FILTERABLES,
  BUILTIN_SPLITTABLES,
  catalogueMetric,
  ChartFormSchema,
  CUSTOM_PREFIX,
  filterableType,
  isAlwaysShownMetric,
  METRIC_CATALOGUE,
  NORMALISATION_DISABLED_PANELS,
  parseFilterValue,
  RAW_POINT_LIMIT,
  withinLimit,
  type AnalyticsLimits,
  type AnalyticsMetadata,
  type ChartData,
  type Filterable,
  type ParsedFilter,
} from '../../../contracts/analytics.ts'
import type { Grants } from '../../../contracts/auth.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { STORE_METRICS } from '../../../contracts/ingestion.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { chartRows, rawPoints } from './presenter.ts'
import * as repo from './repository.ts'

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)

const PanelParamsSchema = v.object({
  pid: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
})

/** Who asks, on which panel: their limits and whether only their own units count. */
export type Caller = {
  panel: number
  grants: Grants
  limits: AnalyticsLimits
  ownerUserId: number | null
}

/**
 * Seeds 001 §6 analytics access: analytics_ui on the panel (Apollo or test-measurements), or
 * global access; a home user (organisation role) sees only their own units. A panel that is not
 * theirs and one that does not exist look the same (403), except to global access (404).
 */
export async function callerOn(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const user = request.user
  if (!user) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  const grants = await requestGrants(app, request)
  const global = hasGlobalAccess(grants)
  // Decided from grants before the body is validated or anything is read.
  const raw = (request.params as { pid?: unknown }).pid
  const named = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : null
  if (named !== null && !global && !hasPanelGrant(grants, 'analytics_ui', named)) throw forbidden()
  const { pid } = validate(PanelParamsSchema, request.params)
  if (!(await repo.panelExists(app.db, pid))) {
    throw global ? new HttpError(404, CommonCodes.NOT_FOUND) : forbidden()
  }
  const ownerUserId = organisationRole(grants) === 'home_user' ? user.userId : null
  return { panel: pid, grants, limits: analyticsLimits(grants, pid), ownerUserId }
}

const IDENTIFIERS: Record<string, string> = {
  isp: 'ISP',
  package: 'Package',
  technology: 'Technology',
  region: 'Region',
  hub_site: 'Hub site',
  cmts: 'CMTS',
  country: 'Country',
  package_download: 'Package download speed (Mbps)',
}

async function metadataOf(app: FastifyInstance, caller: Caller): Promise<AnalyticsMetadata> {
  const scope: repo.UnitScope = {
    panel: caller.panel,
    ownerUserId: caller.ownerUserId,
    limits: caller.limits,
    filters: [],
  }
  const values = await repo.fieldValues(app.db, scope)
  const custom = [
    ...new Set(values.filter((x) => x.field.startsWith(CUSTOM_PREFIX)).map((x) => x.field)),
  ].sort()
  const valuesOf = (field: string) =>
    values.filter((x) => x.field === field).map(({ value, label }) => ({ value, label }))
  const filterables: Filterable[] = [
    ...Object.entries(BUILTIN_FILTERABLES).map(([id, type]) => ({
      id,
      identifier: IDENTIFIERS[id] ?? id,
      type,
      values: type === 'range' ? [] : valuesOf(id),
      customDefined: false,
    })),
    ...custom.map((id) => ({
      id,
      identifier: id.slice(CUSTOM_PREFIX.length),
      type: 'text' as const,
      values: valuesOf(id),
      customDefined: true,
    })),
  ]
  const splittables = [
    ...BUILTIN_SPLITTABLES.map((id) => ({
      id,
      identifier: IDENTIFIERS[id] ?? id,
      customDefined: false,
    })),
    ...custom.map((id) => ({
      id,
      identifier: id.slice(CUSTOM_PREFIX.length),
      customDefined: true,
    })),
  ]
  const normalisable =
    !NORMALISATION_DISABLED_PANELS.includes(caller.panel) &&
    (await repo.panelHasPackages(app.db, caller.panel))
  return {
    panel: caller.panel,
    metrics: METRIC_CATALOGUE.filter((m) => withinLimit(caller.limits.metrics, m.key)).map((m) => ({
      key: m.key,
      type: m.type,
      can_split: m.can_split,
      metricUnit: m.metricUnit,
      family: m.family,
      alwaysShown: isAlwaysShownMetric(m.key),
      names: m.names,
    })),
    filterables,
    splittables,
    normalisable,
  }
}

/** The form's filters by the §5 rules (refused naming the field) and the caller's limits (403). */
export function parsedFilters(caller: Caller, form: v.InferOutput<typeof ChartFormSchema>) {
  const filters: ParsedFilter[] = []
  form.filters.forEach((filter, i) => {
    const parsed = parseFilterValue(filter.id, filterableType(filter.id), filter.value)
    if (parsed === null) throw validationFail({ [`filters.${i}.value`]: [CommonCodes.INVALID] })
    filters.push(parsed)
  })
  for (const filter of filters) {
    if (filter.kind === 'range') continue
    if (filter.id === 'isp' && filter.kind === 'integer') {
      if (!filter.values.every((x) => withinLimit(caller.limits.isps, x))) throw forbidden()
    }
    if (filter.id === 'country' && filter.kind === 'text') {
      if (!filter.values.every((x) => withinLimit(caller.limits.countries, x))) throw forbidden()
    }
  }
  return filters
}

/**
 * The analytics service (seeds 001 §7.1, issue 23 §2): panel metadata and chart data. Access is
 * decided in the handler from grants before the body is validated (analytics_ui on the panel *or*
 * global access is not one declared grant).
 */
export function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = declare('signed-in')

  app.get('/panel/:pid/analytics', signedIn, async (request) => {
    const caller = await callerOn(app, request)
    return { data: await metadataOf(app, caller) }
  })

  app.post('/panel/:pid/chart-data', signedIn, async (request) => {
    const caller = await callerOn(app, request)
    const form = validate(ChartFormSchema, request.body)
    // The client sends one request per metric (seeds §4 multiple-metric loading).
    if (form.metrics.length !== 1) {
      throw validationFail(
        { metrics: [CommonCodes.LENGTH_EXACT] },
        { metrics: { LENGTH_EXACT: 1 } },
      )
    }
    const key = form.metrics[0]?.key
    const metric = key === undefined ? null : catalogueMetric(key)
    if (metric === null) throw validationFail({ metrics: [CommonCodes.INVALID] })
    if (!withinLimit(caller.limits.metrics, metric.key)) throw forbidden()
    if (form.splits.length > 0 && !metric.can_split) {
      throw validationFail({ splits: [CommonCodes.INVALID] })
    }
    const raw = form.timeAggregation === 'raw'
    // §5: the detailed point view (points with their units) needs advanced_analytics.
    if (form.detailed && !hasPanelGrant(caller.grants, 'advanced_analytics', caller.panel)) {
      throw forbidden()
    }
    if (form.detailed && !raw) throw validationFail({ detailed: [CommonCodes.INVALID] })
    if (
      form.normalised &&
      (metric.normalisable === null ||
        NORMALISATION_DISABLED_PANELS.includes(caller.panel) ||
        !(await repo.panelHasPackages(app.db, caller.panel)))
    ) {
      throw validationFail({ normalised: [CommonCodes.INVALID] })
    }
    const filters = parsedFilters(caller, form)
    const query = {
      scope: {
        panel: caller.panel,
        ownerUserId: caller.ownerUserId,
        limits: caller.limits,
        filters,
      },
      metricId: STORE_METRICS[metric.key].id,
      from: form.date.from,
      to: form.date.to,
      split: form.splits[0] ?? null,
      speed: form.normalised ? metric.normalisable : null,
    }
    const statuses = { NO_DATA: 0, DEVICE_CANT_RUN_TEST: 0, ERROR: 0 }
    if (raw) {
      const rows = await repo.rawResults(app.db, query, RAW_POINT_LIMIT + 1)
      if (rows.length > RAW_POINT_LIMIT) {
        throw new HttpError(422, CommonCodes.TOO_MUCH_DATA, {
          data: { limit: RAW_POINT_LIMIT, suggestion: 'export' },
        })
      }
      const { points, excluded } = rawPoints(metric.key, rows, form)
      for (const point of points) {
        if (point.status in statuses) statuses[point.status as keyof typeof statuses] += 1
      }
      const data: ChartData = {
        metric: metric.key,
        timeAggregation: form.timeAggregation,
        metricData: points,
        sampleCount: points.filter((p) => p.value !== null).length,
        agentCount: new Set(rows.map((r) => r.unit_id)).size,
        excluded,
        statuses,
      }
      return { data }
    }
    const groups = await repo.chartGroups(app.db, {
      ...query,
      aggregation: form.timeAggregation as Exclude<typeof form.timeAggregation, 'raw'>,
      perUnit: form.agent_agg,
    })
    const rows = chartRows(metric.key, groups, form)
    for (const group of groups) {
      statuses.NO_DATA += group.no_data
      statuses.DEVICE_CANT_RUN_TEST += group.cant_run
      statuses.ERROR += group.errors
    }
    const data: ChartData = {
      metric: metric.key,
      timeAggregation: form.timeAggregation,
      metricData: rows,
      sampleCount: rows.reduce((s, r) => s + r.sampleCount, 0),
      agentCount: groups[0]?.all_agents ?? 0,
      excluded: rows.reduce((s, r) => s + r.excluded, 0),
      statuses,
    }
    return { data }
  })

  return Promise.resolve()
}
