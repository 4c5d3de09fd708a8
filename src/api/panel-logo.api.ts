import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { PanelLogoResponseSchema, type PanelLogo } from '#contracts/panel-logo.ts'
import { ApiError, request, requestBlob } from './http'
import { STALE } from './query-client'

/**
 * A panel's logo (contracts/panel-logo.ts): read as a data URL, so the query cache keeps it for
 * offline use like any answer; null when the panel has none. Kept apart from admin.api (the
 * shell's panel picker shows logos too); the key sits under the admin area's panel keys.
 */
export const panelLogoKey = (pid: number) => ['admin', pid, 'logo'] as const

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '')
    }
    reader.onerror = () => {
      reject(reader.error ?? new Error('the logo could not be read'))
    }
    reader.readAsDataURL(blob)
  })
}

export const panelLogoQuery = (pid: number) =>
  queryOptions({
    queryKey: panelLogoKey(pid),
    queryFn: async ({ signal }): Promise<string | null> => {
      try {
        const { data } = await requestBlob('admin', `/panels/${String(pid)}/logo`, { signal })
        return await dataUrlOf(data)
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    staleTime: STALE.HOURS.ONE,
  })

/** POST …/logo: the file as it is, with its type. */
export async function uploadPanelLogo(pid: number, file: Blob): Promise<PanelLogo> {
  const answer = await request('admin', `/panels/${String(pid)}/logo`, {
    method: 'POST',
    rawBody: { type: file.type, blob: file },
    schema: PanelLogoResponseSchema,
  })
  return answer.data
}

/** DELETE …/logo. */
export async function removePanelLogo(pid: number): Promise<void> {
  await request('admin', `/panels/${String(pid)}/logo`, { method: 'DELETE', schema: v.unknown() })
}
