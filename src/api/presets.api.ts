import { queryOptions } from '@tanstack/react-query'
import {
  DEFAULT_PRESET_PAGE_SIZE,
  DEFAULT_PRESET_SORT,
  PresetListResponseSchema,
  PresetResponseSchema,
  type Preset,
  type PresetCreateInput,
  type PresetList,
  type PresetTab,
  type PresetUpdateInput,
} from '#contracts/presets.ts'
import type { PersistMeta } from '../offline/persistence'
import { request, requestWithResponse } from './http'

// Saved charts are what the analyst opens with no signal: kept as long as results are.
const PRESETS_META = { persist: 'results' } satisfies PersistMeta

/** What a preset list shows (seeds 001 §2.1): a tab, a search, a sort and a page. */
export type PresetListParams = {
  tab: PresetTab
  search: string
  /** A column of PRESET_SORT_COLUMNS, a leading minus for descending. */
  sort: string
  page: number
  perPage: number
}

export const DEFAULT_PRESET_LIST: PresetListParams = {
  tab: 'all',
  search: '',
  sort: DEFAULT_PRESET_SORT,
  page: 1,
  perPage: DEFAULT_PRESET_PAGE_SIZE,
}

export const presetKeys = {
  all: ['presets'] as const,
  lists: () => [...presetKeys.all, 'list'] as const,
  list: (params: PresetListParams) => [...presetKeys.lists(), params] as const,
  detail: (id: number) => [...presetKeys.all, 'detail', id] as const,
}

/** GET /presets: one page of the presets the caller may see. */
export async function listPresets(
  params: PresetListParams,
  signal?: AbortSignal,
): Promise<PresetList> {
  return request('analytics', '/presets', {
    schema: PresetListResponseSchema,
    query: {
      tab: params.tab,
      search: params.search === '' ? undefined : params.search,
      sorts: params.sort,
      page: params.page,
      per_page: params.perPage,
    },
    signal,
  })
}

export const presetListQuery = (params: PresetListParams) =>
  queryOptions({
    queryKey: presetKeys.list(params),
    queryFn: ({ signal }) => listPresets(params, signal),
    meta: PRESETS_META,
  })

/** GET /presets/{id} (the server counts the view). */
export async function getPreset(id: number, signal?: AbortSignal): Promise<Preset> {
  return (await request('analytics', `/presets/${id}`, { schema: PresetResponseSchema, signal }))
    .data
}

export const presetQuery = (id: number) =>
  queryOptions({
    queryKey: presetKeys.detail(id),
    queryFn: ({ signal }) => getPreset(id, signal),
    meta: PRESETS_META,
  })

/** The id at the end of a Location header (`/api/analytics/presets/42`), or null. */
export function idFromLocation(location: string | null): number | null {
  const match = /\/presets\/(\d+)\/?$/.exec(location ?? '')
  return match ? Number(match[1]) : null
}

/** POST /presets; seeds 001 §7.1: the Location header of the answer is read for the new id. */
export async function createPreset(input: PresetCreateInput): Promise<Preset> {
  const { data, headers } = await requestWithResponse('analytics', '/presets', {
    method: 'POST',
    body: input,
    schema: PresetResponseSchema,
  })
  const id = idFromLocation(headers.get('location'))
  return id === null || id === data.data.id ? data.data : { ...data.data, id }
}

/**
 * PUT /presets/{id} with the preset as body; `version` is the precondition (the version the edit
 * started from). A preset changed meanwhile answers 412 PRECONDITION_FAILED with the current one
 * in `error.data.preset` (read it with `PresetConflictSchema`).
 */
export async function updatePreset(id: number, input: PresetUpdateInput): Promise<Preset> {
  return (
    await request('analytics', `/presets/${id}`, {
      method: 'PUT',
      body: input,
      schema: PresetResponseSchema,
    })
  ).data
}

const presetAction = async (method: 'PUT' | 'POST' | 'DELETE', path: string): Promise<Preset> =>
  (await request('analytics', path, { method, schema: PresetResponseSchema })).data

/** PUT or DELETE /presets/{id}/star; the answer is the preset as it is now. */
export function setPresetStar(id: number, starred: boolean): Promise<Preset> {
  return presetAction(starred ? 'PUT' : 'DELETE', `/presets/${id}/star`)
}

/** POST /presets/{id}/archive or /unarchive. */
export function setPresetArchived(id: number, archived: boolean): Promise<Preset> {
  return presetAction('POST', `/presets/${id}/${archived ? 'archive' : 'unarchive'}`)
}

/** DELETE /presets/{id} (kept for undo), or POST /presets/{id}/restore (the undo). */
export function setPresetDeleted(id: number, deleted: boolean): Promise<Preset> {
  return deleted
    ? presetAction('DELETE', `/presets/${id}`)
    : presetAction('POST', `/presets/${id}/restore`)
}
