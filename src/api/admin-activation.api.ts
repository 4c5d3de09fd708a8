import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  ActivationImportResultSchema,
  AgentActivationTokenCreatedSchema,
  AgentActivationTokenSchema,
  type ActivationImportResult,
  type AgentActivationToken,
} from '#contracts/admin.ts'
import { PaginationSchema } from '#contracts/pagination.ts'
import { adminKeys } from './admin.api'
import { request, requestText } from './http'

/**
 * The admin agent-activation section (seeds 001 §2.6, issue 25) on /api/admin/panels/{pid}/
 * agent-activation/…: status, export and bulk import, log (cpe_subscriptions_manage); the
 * token (cpe_api_manage).
 */

export const ActivationStatusSchema = v.object({
  data: v.object({
    active: v.number(),
    inactive: v.number(),
    monthly_allowance: v.number(),
    activated_this_month: v.number(),
    remaining_this_month: v.number(),
  }),
})
export type ActivationStatus = v.InferOutput<typeof ActivationStatusSchema>['data']

export const ActivationLogPageSchema = v.object({
  data: v.array(
    v.object({
      id: v.number(),
      unit_id: v.number(),
      actor_id: v.nullable(v.number()),
      state: v.string(),
      at: v.string(),
    }),
  ),
  meta: v.object({ pagination: PaginationSchema }),
})
export type ActivationLogEntry = v.InferOutput<typeof ActivationLogPageSchema>['data'][number]

export const activationKeys = {
  all: (pid: number) => [...adminKeys.panel(pid), 'agent-activation'] as const,
  status: (pid: number) => [...activationKeys.all(pid), 'status'] as const,
  log: (pid: number, page: number) => [...activationKeys.all(pid), 'log', page] as const,
  token: (pid: number) => [...activationKeys.all(pid), 'token'] as const,
}

const path = (pid: number, rest: string) => `/panels/${String(pid)}/agent-activation${rest}`

export const activationStatusQuery = (pid: number) =>
  queryOptions({
    queryKey: activationKeys.status(pid),
    queryFn: async ({ signal }) =>
      (await request('admin', path(pid, '/status'), { schema: ActivationStatusSchema, signal }))
        .data,
  })

export const activationLogQuery = (pid: number, page: number) =>
  queryOptions({
    queryKey: activationKeys.log(pid, page),
    queryFn: ({ signal }) =>
      request('admin', path(pid, '/log'), {
        schema: ActivationLogPageSchema,
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/** GET …/export.csv: every agent of the panel with its state. */
export async function exportActivationCsv(
  pid: number,
): Promise<{ fileName: string; text: string }> {
  const { data, headers } = await requestText('admin', path(pid, '/export.csv'))
  const named = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')
  return { fileName: named?.[1] ?? `panel-${String(pid)}-agent-activation.csv`, text: data }
}

/**
 * POST …/import.csv (`unit_id,state`): a preview unless `apply`; applied whole in one
 * transaction. A file with any error is refused whole: 400 INVALID_FILE with its lines (read
 * them with csvErrorsOf).
 */
export async function importActivationCsv(
  pid: number,
  file: { text: string; type: string },
  apply: boolean,
): Promise<ActivationImportResult> {
  return request('admin', path(pid, '/import.csv'), {
    method: 'POST',
    rawBody: { type: file.type, text: file.text },
    query: { apply: apply ? 'true' : undefined },
    schema: ActivationImportResultSchema,
  })
}

export const activationTokenQuery = (pid: number) =>
  queryOptions({
    queryKey: activationKeys.token(pid),
    queryFn: async ({ signal }): Promise<AgentActivationToken> =>
      (
        await request('admin', path(pid, '/token'), {
          schema: v.object({ data: AgentActivationTokenSchema }),
          signal,
        })
      ).data,
  })

/** POST …/token: a new token (the old one stops working); its text is shown this once. */
export async function createActivationToken(
  pid: number,
): Promise<{ token: AgentActivationToken; plainToken: string }> {
  const { data } = await request('admin', path(pid, '/token'), {
    method: 'POST',
    schema: AgentActivationTokenCreatedSchema,
  })
  return { token: data.token, plainToken: data.plain_token }
}

/** DELETE …/token: agents can no longer activate with it. */
export async function revokeActivationToken(pid: number): Promise<void> {
  await request('admin', path(pid, '/token'), { method: 'DELETE', schema: v.unknown() })
}
