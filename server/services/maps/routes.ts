import type { FastifyInstance } from 'fastify'
import { cellToParent } from 'h3-js'
import { hasGlobalAccess, hasPanelGrant, mayReadUnit } from '../../../contracts/access.ts'
import {
  catalogueMetric,
  isNoValue,
  NORMALISATION_DISABLED_PANELS,
  passesPrefilter,
  prefilterOf,
  withinLimit,
} from '../../../contracts/analytics.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { STORE_METRICS } from '../../../contracts/ingestion.ts'
import {
  formResolution,
  isMobilePosition,
  MAP_POINT_LIMIT,
  MAP_SEND_LIMIT,
  MIN_AREA_UNITS,
  noPoints,
  PRIVACY_RESOLUTION,
  MapFormSchema,
  mobileSignal,
  type MapAreasData,
  type MapConfig,
  type MapForm,
  type MapPointsData,
} from '../../../contracts/maps.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { dataVersionNow } from '../../lib/unit-data-version.ts'
import { declare } from '../../plugins/access.ts'
import { callerOn, parsedFilters, type Caller } from '../analytics/routes.ts'
import { groupValues } from '../analytics/presenter.ts'
import { panelHasPackages } from '../analytics/repository.ts'
import {
  areaRowsOf,
  areasOfRows,
  located,
  placePoints,
  plotOf,
  privacyCell,
  type PlacedUnit,
  type UnitValues,
} from './areas.ts'
import { clusteredView, createPointIndexCache, indexPoints, pointsInBox } from './point-views.ts'
import * as repo from './repository.ts'
import { createUnitSumsCache, type EarlySums } from './unit-sums-cache.ts'

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)

export type MapsOptions = {
  tileUrl?: string | null
  tileAttribution?: string | null
  /** Points an answer sends whole at most (MAP_SEND_LIMIT); more are clustered per view. */
  sendLimit?: number
}

const round3 = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000)

/** Whether the caller may see a unit of the panel exactly (its details: contracts/access.ts). */
function exactRule(caller: Caller, userId: number) {
  const cache = new Map<number, boolean>()
  return (unit: number, owner: number | null, linked: ReadonlySet<number>): boolean => {
    let allowed = cache.get(unit)
    if (allowed === undefined) {
      allowed = mayReadUnit(caller.grants, {
        id: unit,
        panelId: caller.panel,
        ownedByCaller: owner === userId || linked.has(unit),
      })
      cache.set(unit, allowed)
    }
    return allowed
  }
}

function pointsAnswer(form: MapForm, metric: string): MapPointsData {
  return noPoints({
    mapType: form.mapType as MapPointsData['mapType'],
    metric,
    plotValue: form.plotValue,
  })
}

/**
 * Map data of the analytics service (seeds 001 §3.1 map, raw_map, geo_heatmap, lat_lon,
 * raw_mobile; rules in contracts/maps.ts). Access as chart-data (analytics_ui on the panel or
 * global access, home users their own units, grant limits) plus the maps permission on the panel
 * (or global access), decided before the body is read.
 */
export function mapsRoutes(app: FastifyInstance, options: MapsOptions): Promise<void> {
  const signedIn = declare('signed-in')
  const sumsCache = createUnitSumsCache()
  const pointIndexes = createPointIndexCache()

  // The base map's street tiles, when the deployment configured a tile server (else none: the
  // client draws its bundled outlines and nothing leaves the origin).
  app.get('/map-config', signedIn, () => {
    const data: MapConfig = {
      tileUrl: options.tileUrl ?? null,
      attribution: options.tileUrl ? (options.tileAttribution ?? null) : null,
    }
    return { data }
  })

  app.post('/panel/:pid/map-data', signedIn, async (request) => {
    const caller = await callerOn(app, request)
    if (!hasPanelGrant(caller.grants, 'maps', caller.panel) && !hasGlobalAccess(caller.grants)) {
      throw forbidden()
    }
    const userId = request.user?.userId ?? 0
    const form = validate(MapFormSchema, request.body)
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
    if (
      form.normalised &&
      (metric.normalisable === null ||
        form.mapType === 'raw_mobile' ||
        NORMALISATION_DISABLED_PANELS.includes(caller.panel) ||
        !(await panelHasPackages(app.db, caller.panel)))
    ) {
      throw validationFail({ normalised: [CommonCodes.INVALID] })
    }
    const filters = parsedFilters(caller, { ...form, chartType: 'map' })
    const scope = {
      panel: caller.panel,
      ownerUserId: caller.ownerUserId,
      limits: caller.limits,
      filters,
    }
    const metricId = STORE_METRICS[metric.key].id
    const exact = exactRule(caller, userId)
    const range = { metricId, from: form.date.from, to: form.date.to }
    // Aggregate and raw maps: the scope's units, and their sums over the range (kept between
    // requests: ./unit-sums-cache.ts).
    const scopeUnits = () =>
      repo.scopeUnits(app.db, scope, form.normalised ? metric.normalisable : null)
    // A range read for the first time: the scope's sums are read beside the scope's units (the
    // statement lists the units itself) instead of after them.
    const early = (): EarlySums | undefined => {
      if (!sumsCache.isCold(range)) return undefined
      const since = dataVersionNow()
      const sums = repo.unitRangeSums(app.db, { ...range, scope })
      // Awaited only once the units are listed: a failure before then must not go unhandled.
      sums.catch(() => undefined)
      return { since, sums }
    }
    const sumsOf = (units: readonly number[], read?: EarlySums) =>
      sumsCache.sums(
        range,
        units,
        (ids) => repo.unitRangeSums(app.db, { ...range, units: ids }),
        read,
      )

    // A large point answer (kept indexed for a minute) sends only the view asked; a small one
    // goes whole, or its points in the box asked.
    const pointsKey = JSON.stringify([
      userId,
      caller.panel,
      caller.grants,
      caller.limits,
      { ...form, zoom: undefined, bbox: undefined },
    ])
    const pointsView = (data: MapPointsData, units: Iterable<number>, version: number) => {
      if (data.count > (options.sendLimit ?? MAP_SEND_LIMIT)) {
        const indexed = indexPoints(data)
        pointIndexes.set(pointsKey, { version, units: [...new Set(units)], indexed })
        return { data: clusteredView(indexed, form) }
      }
      return { data: form.bbox ? pointsInBox(data, form.bbox) : data }
    }
    const indexed = form.mapType === 'map' ? undefined : pointIndexes.get(pointsKey)
    if (indexed) return { data: clusteredView(indexed, form) }
    const pointsVersion = dataVersionNow()

    if (form.mapType === 'raw_mobile') {
      const rows = await repo.mobileResults(
        app.db,
        { scope, metricId, from: form.date.from, to: form.date.to },
        MAP_POINT_LIMIT + 1,
      )
      if (rows.length > MAP_POINT_LIMIT) {
        throw new HttpError(422, CommonCodes.TOO_MUCH_DATA, {
          data: { limit: MAP_POINT_LIMIT, suggestion: 'export' },
        })
      }
      const linked = await repo.linkedUnits(app.db, userId, [
        ...new Set(rows.map((r) => r.unit_id)),
      ])
      const data = pointsAnswer(form, metric.key)
      data.signal = []
      data.time = []
      const kept = rows.filter((row) => isMobilePosition(row.latitude, row.longitude))
      data.invalidPositions = rows.length - kept.length
      const placed = placePoints(
        kept.map((row) => ({
          unit: row.unit_id,
          lat: row.latitude,
          lon: row.longitude,
          exact: exact(row.unit_id, row.owner_user_id, linked),
        })),
      )
      kept.forEach((row, i) => {
        const at = placed[i]
        if (!at) {
          data.suppressed += 1
          return
        }
        let value = row.value
        if (value !== null) {
          if (isNoValue(metric.key, value)) value = null
          else if (!passesPrefilter(prefilterOf(metric.key, row.tech), value)) return
        }
        data.lat.push(at.lat)
        data.lon.push(at.lon)
        data.value.push(round3(value))
        data.exact.push(at.exact)
        data.unit.push(at.exact ? row.unit_id : null)
        data.signal?.push(mobileSignal(row.signal))
        data.time?.push(row.time)
      })
      data.count = data.lat.length
      return pointsView(
        data,
        kept.map((row) => row.unit_id),
        pointsVersion,
      )
    }

    if (form.mapType === 'map') {
      const resolution = form.area === 'region' ? null : formResolution(form)
      // Where each unit of the scope is drawn, before anything is summed.
      const placed: PlacedUnit[] = []
      const centres = new Map<string, [number, number]>()
      const sums = new Map<string, { lat: number; lon: number; n: number }>()
      const read = early()
      for (const unit of await scopeUnits()) {
        const { tech } = unit
        if (resolution === null) {
          if (unit.region === null) continue
          placed.push({
            unit: unit.unit_id,
            cell: unit.region,
            area: unit.region,
            tech,
            speed: unit.speed,
          })
          if (located(unit.latitude, unit.longitude) && unit.longitude !== null) {
            const sum = sums.get(unit.region) ?? { lat: 0, lon: 0, n: 0 }
            sums.set(unit.region, {
              lat: sum.lat + unit.latitude,
              lon: sum.lon + unit.longitude,
              n: sum.n + 1,
            })
          }
          continue
        }
        const cell = privacyCell(unit.latitude, unit.longitude)
        if (cell === null) continue
        const area = resolution === PRIVACY_RESOLUTION ? cell : cellToParent(cell, resolution)
        placed.push({ unit: unit.unit_id, cell, area, tech, speed: unit.speed })
      }
      for (const [region, sum] of sums) {
        const round5 = (x: number) => Math.round(x * 1e5) / 1e5
        centres.set(region, [round5(sum.lat / sum.n), round5(sum.lon / sum.n)])
      }
      const unitSums = await sumsOf(
        placed.map((p) => p.unit),
        read,
      )
      const { rows, suppressed } = areaRowsOf(placed, unitSums, MIN_AREA_UNITS)
      const areas = areasOfRows(metric.key, rows, {
        kind: resolution === null ? 'region' : 'h3',
        plot: form.plotValue,
        normalised: form.normalised,
        bbox: form.bbox,
        centres,
      })
      const data: MapAreasData = {
        mapType: 'map',
        metric: metric.key,
        plotValue: form.plotValue,
        area: form.area,
        resolution,
        areas: areas.map((a) => ({ ...a, value: round3(a.value) })),
        suppressedUnits: suppressed,
        unitCount: areas.reduce((s, a) => s + a.unitCount, 0),
        sampleCount: areas.reduce((s, a) => s + a.sampleCount, 0),
      }
      return { data }
    }

    const read = early()
    const scoped = await scopeUnits()
    const unitSums = await sumsOf(
      scoped.map((unit) => unit.unit_id),
      read,
    )
    const units: (UnitValues & { owner: number | null })[] = scoped.flatMap((row) => {
      const sums = unitSums.get(row.unit_id)
      if (sums === undefined) return []
      const group = { ...sums, tech: row.tech, speed: row.speed }
      return [
        {
          unitId: row.unit_id,
          owner: row.owner_user_id,
          latitude: row.latitude,
          longitude: row.longitude,
          region: row.region,
          kept: groupValues(metric.key, group, form.normalised).kept,
        },
      ]
    })

    // raw_map, geo_heatmap, lat_lon: one point per unit with values (its plotted value).
    const withValues = units.filter((u) => u.kept.count > 0 && located(u.latitude, u.longitude))
    const linked = await repo.linkedUnits(
      app.db,
      userId,
      withValues.map((u) => u.unitId),
    )
    const placed = placePoints(
      withValues.map((u) => ({
        unit: u.unitId,
        lat: u.latitude ?? NaN,
        lon: u.longitude ?? NaN,
        exact: exact(u.unitId, u.owner, linked),
      })),
    )
    const data = pointsAnswer(form, metric.key)
    data.invalidPositions = units.filter((u) => u.kept.count > 0).length - withValues.length
    withValues.forEach((u, i) => {
      const at = placed[i]
      if (!at) {
        data.suppressed += 1
        return
      }
      data.lat.push(at.lat)
      data.lon.push(at.lon)
      data.value.push(round3(plotOf(u.kept, form.plotValue)))
      data.exact.push(at.exact)
      data.unit.push(at.exact ? u.unitId : null)
    })
    data.count = data.lat.length
    return pointsView(
      data,
      withValues.map((u) => u.unitId),
      pointsVersion,
    )
  })

  return Promise.resolve()
}
