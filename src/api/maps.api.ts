import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  H3_STEPS,
  MAP_TYPES,
  type MapConfig,
  type MapData,
  type MapFormInput,
} from '#contracts/maps.ts'
import type { PersistMeta } from '../offline/persistence'
import { request } from './http'

// A map opened online reopens offline with its data, as a chart does.
const MAP_META = { persist: 'results' } satisfies PersistMeta

const LatLon = v.tuple([v.number(), v.number()])
const AreaSchema = v.object({
  id: v.string(),
  kind: v.picklist(['h3', 'region']),
  centre: LatLon,
  boundary: v.optional(v.array(LatLon)),
  value: v.nullable(v.number()),
  sampleCount: v.number(),
  unitCount: v.number(),
})
const NullableNumbers = v.array(v.nullable(v.number()))

/** The answer of POST /panel/{pid}/map-data (contracts/maps.ts MapData). */
export const MapDataResponseSchema = v.object({
  data: v.variant('mapType', [
    v.object({
      mapType: v.literal('map'),
      metric: v.string(),
      plotValue: v.string(),
      area: v.picklist(['h3', 'region']),
      resolution: v.nullable(v.picklist(H3_STEPS)),
      areas: v.array(AreaSchema),
      suppressedUnits: v.number(),
      unitCount: v.number(),
      sampleCount: v.number(),
    }),
    v.object({
      mapType: v.picklist(
        MAP_TYPES.filter((type) => type !== 'map') as [
          'raw_map',
          ...('geo_heatmap' | 'lat_lon' | 'raw_mobile')[],
        ],
      ),
      metric: v.string(),
      plotValue: v.string(),
      count: v.number(),
      lat: v.array(v.number()),
      lon: v.array(v.number()),
      value: NullableNumbers,
      exact: v.array(v.boolean()),
      unit: NullableNumbers,
      signal: v.optional(NullableNumbers),
      time: v.optional(v.array(v.number())),
      suppressed: v.number(),
      invalidPositions: v.number(),
    }),
  ]),
}) satisfies v.GenericSchema<unknown, { data: MapData }>

export const MapConfigResponseSchema = v.object({
  data: v.object({ tileUrl: v.nullable(v.string()), attribution: v.nullable(v.string()) }),
}) satisfies v.GenericSchema<unknown, { data: MapConfig }>

export const mapKeys = {
  all: ['maps'] as const,
  config: () => [...mapKeys.all, 'config'] as const,
  data: (panel: number, form: MapFormInput) => [...mapKeys.all, 'data', panel, form] as const,
}

/** GET /map-config: a street tile server when the deployment set one. */
export const mapConfigQuery = () =>
  queryOptions({
    queryKey: mapKeys.config(),
    queryFn: async ({ signal }) =>
      (await request('analytics', '/map-config', { schema: MapConfigResponseSchema, signal })).data,
    staleTime: Infinity,
    meta: { persist: 'reference' } satisfies PersistMeta,
  })

/** POST /panel/{pid}/map-data: one metric's map. */
export const mapDataQuery = (panel: number, form: MapFormInput) =>
  queryOptions({
    queryKey: mapKeys.data(panel, form),
    queryFn: async ({ signal }) =>
      (
        await request('analytics', `/panel/${String(panel)}/map-data`, {
          method: 'POST',
          body: form,
          schema: MapDataResponseSchema,
          signal,
        })
      ).data,
    meta: MAP_META,
  })
