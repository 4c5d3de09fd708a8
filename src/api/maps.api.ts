import { queryOptions } from '@tanstack/react-query'
import {
  MapConfigResponseSchema,
  MapDataResponseSchema,
  type MapFormInput,
} from '#contracts/maps.ts'
import type { PersistMeta } from '../offline/persistence'
import { request } from './http'

// A map opened online reopens offline with its data, as a chart does.
const MAP_META = { persist: 'results' } satisfies PersistMeta

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
