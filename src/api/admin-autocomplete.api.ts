import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { AutocompleteMetadataResultSchema } from '#contracts/admin.ts'
import { adminKeys } from './admin.api'
import { request } from './http'

/**
 * Seeds 001 §7.5 POST /autocomplete/metadata/{panelId} (metadata_manage): the panel's existing
 * values of a metadata field that start with what was typed (any case), most used first, at
 * most AUTOCOMPLETE_LIMIT.
 */
export const autocompleteKeys = {
  all: (pid: number) => [...adminKeys.panel(pid), 'autocomplete'] as const,
  values: (pid: number, key: string, prefix: string) =>
    [...autocompleteKeys.all(pid), key, prefix] as const,
}

export const metadataValuesQuery = (pid: number, key: string, prefix: string) =>
  queryOptions({
    queryKey: autocompleteKeys.values(pid, key, prefix),
    queryFn: async ({ signal }) =>
      (
        await request('admin', `/autocomplete/metadata/${String(pid)}`, {
          method: 'POST',
          body: { key, value: prefix },
          schema: AutocompleteMetadataResultSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
