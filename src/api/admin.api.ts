import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  AdminAgentDetailSchema,
  AdminAgentPageSchema,
  AdminCodes,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserRowSchema,
  CsvUploadResultSchema,
  DEFAULT_ADMIN_AGENT_SORT,
  DEFAULT_ADMIN_USER_SORT,
  MetadataFieldSchema,
  type AdminAgentDetail,
  type AdminRole,
  type AdminUserDetail,
  type AdminUserRow,
  type AgentState,
  type CsvLineError,
  type MetadataField,
} from '#contracts/admin.ts'
import { ApiError, request, requestText, requestWithResponse } from './http'

/**
 * The admin area's calls (seeds 001 §2.6, §7.5; issue 25) to /api/admin/panels/{pid}/…: agents,
 * users, metadata fields and the metadata CSV. Every call names the panel it acts on.
 */

/** The agent search (seeds 001 §3 search row): one of id, owner email or MAC, and the order. */
export type AdminAgentQuery = {
  filter: { id: string } | { email: string } | { mac: string } | null
  /** A column of ADMIN_AGENT_SORT_FIELDS, a leading minus for descending. */
  sort: string
  page: number
}

export type AdminUserQuery = { search: string; sort: string; page: number }

export const DEFAULT_AGENT_QUERY: AdminAgentQuery = {
  filter: null,
  sort: DEFAULT_ADMIN_AGENT_SORT,
  page: 1,
}
export const DEFAULT_USER_QUERY: AdminUserQuery = {
  search: '',
  sort: DEFAULT_ADMIN_USER_SORT,
  page: 1,
}

export const adminKeys = {
  all: ['admin'] as const,
  panel: (pid: number) => [...adminKeys.all, pid] as const,
  agents: (pid: number) => [...adminKeys.panel(pid), 'agents'] as const,
  agentList: (pid: number, query: AdminAgentQuery) =>
    [...adminKeys.agents(pid), 'list', query] as const,
  agent: (pid: number, id: number) => [...adminKeys.agents(pid), 'detail', id] as const,
  users: (pid: number) => [...adminKeys.panel(pid), 'users'] as const,
  userList: (pid: number, query: AdminUserQuery) =>
    [...adminKeys.users(pid), 'list', query] as const,
  user: (pid: number, id: number) => [...adminKeys.users(pid), 'detail', id] as const,
  metadataFields: (pid: number) => [...adminKeys.panel(pid), 'metadata-fields'] as const,
}

const panelPath = (pid: number, rest: string) => `/panels/${String(pid)}${rest}`

const DetailSchema = v.object({ data: AdminAgentDetailSchema })
const UserDetailResponseSchema = v.object({ data: AdminUserDetailSchema })
const FieldResponseSchema = v.object({ data: MetadataFieldSchema })
const FieldListSchema = v.object({ data: v.array(MetadataFieldSchema) })
const NoContentSchema = v.unknown()

// ---- Agents ----

export const agentListQuery = (pid: number, query: AdminAgentQuery) =>
  queryOptions({
    queryKey: adminKeys.agentList(pid, query),
    queryFn: ({ signal }) =>
      request('admin', panelPath(pid, '/agents'), {
        schema: AdminAgentPageSchema,
        query: { ...query.filter, sorts: query.sort, page: query.page },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const agentQuery = (pid: number, id: number) =>
  queryOptions({
    queryKey: adminKeys.agent(pid, id),
    queryFn: async ({ signal }) =>
      (
        await request('admin', panelPath(pid, `/agents/${String(id)}`), {
          schema: DetailSchema,
          signal,
        })
      ).data,
  })

/** PUT …/agents/{id}/state (agents_manage); the answer is the agent as it is now. */
export async function setAgentState(
  pid: number,
  id: number,
  state: AgentState,
): Promise<AdminAgentDetail> {
  return (
    await request('admin', panelPath(pid, `/agents/${String(id)}/state`), {
      method: 'PUT',
      body: { state },
      schema: DetailSchema,
    })
  ).data
}

/** PUT …/agents/{id}/metadata (metadata_manage): field key → value, an empty value clears it. */
export async function putAgentMetadata(
  pid: number,
  id: number,
  metadata: Record<string, string>,
): Promise<AdminAgentDetail> {
  return (
    await request('admin', panelPath(pid, `/agents/${String(id)}/metadata`), {
      method: 'PUT',
      body: { metadata },
      schema: DetailSchema,
    })
  ).data
}

// ---- Users ----

export const userListQuery = (pid: number, query: AdminUserQuery) =>
  queryOptions({
    queryKey: adminKeys.userList(pid, query),
    queryFn: ({ signal }) =>
      request('admin', panelPath(pid, '/users'), {
        schema: AdminUserPageSchema,
        query: {
          search: query.search === '' ? undefined : query.search,
          sorts: query.sort,
          page: query.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const userQuery = (pid: number, id: number) =>
  queryOptions({
    queryKey: adminKeys.user(pid, id),
    queryFn: async ({ signal }) =>
      (
        await request('admin', panelPath(pid, `/users/${String(id)}`), {
          schema: UserDetailResponseSchema,
          signal,
        })
      ).data,
  })

/** POST …/users/lookup: the organisation's user with that email; 404 EMAIL_NOT_FOUND otherwise. */
export async function lookupUser(pid: number, email: string): Promise<AdminUserRow> {
  return (
    await request('admin', panelPath(pid, '/users/lookup'), {
      method: 'POST',
      body: { email },
      schema: v.object({ data: AdminUserRowSchema }),
    })
  ).data
}

export type NewAdminUser = { email: string; first_name: string; last_name: string; role: AdminRole }

/** POST …/users: the user gets a set-password link by mail (never a password). */
export async function createUser(pid: number, user: NewAdminUser): Promise<AdminUserDetail> {
  const { data, headers } = await requestWithResponse('admin', panelPath(pid, '/users'), {
    method: 'POST',
    body: user,
    schema: UserDetailResponseSchema,
  })
  const match = /\/users\/(\d+)\/?$/.exec(headers.get('location') ?? '')
  const id = match ? Number(match[1]) : data.data.user.id
  return { ...data.data, user: { ...data.data.user, id } }
}

const userAction = async (
  pid: number,
  id: number,
  action: 'enabled' | 'super-admin',
  body: unknown,
): Promise<AdminUserDetail> =>
  (
    await request('admin', panelPath(pid, `/users/${String(id)}/${action}`), {
      method: 'PUT',
      body,
      schema: UserDetailResponseSchema,
    })
  ).data

export const setUserEnabled = (pid: number, id: number, enabled: boolean) =>
  userAction(pid, id, 'enabled', { enabled })

export const setUserSuperAdmin = (pid: number, id: number, superAdmin: boolean) =>
  userAction(pid, id, 'super-admin', { super_admin: superAdmin })

/** POST …/users/{id}/unlock: mails the user a set-password link. */
export async function unlockUser(pid: number, id: number): Promise<void> {
  await request('admin', panelPath(pid, `/users/${String(id)}/unlock`), {
    method: 'POST',
    schema: NoContentSchema,
  })
}

// ---- Metadata fields ----

export const metadataFieldsQuery = (pid: number) =>
  queryOptions({
    queryKey: adminKeys.metadataFields(pid),
    queryFn: async ({ signal }) =>
      (
        await request('admin', panelPath(pid, '/metadata-fields'), {
          schema: FieldListSchema,
          signal,
        })
      ).data,
  })

export type MetadataFieldInput = Pick<MetadataField, 'display_name' | 'format' | 'usage'>

export async function createMetadataField(
  pid: number,
  field: MetadataFieldInput & { key: string },
): Promise<MetadataField> {
  return (
    await request('admin', panelPath(pid, '/metadata-fields'), {
      method: 'POST',
      body: field,
      schema: FieldResponseSchema,
    })
  ).data
}

export async function updateMetadataField(
  pid: number,
  id: number,
  field: MetadataFieldInput,
): Promise<MetadataField> {
  return (
    await request('admin', panelPath(pid, `/metadata-fields/${String(id)}`), {
      method: 'PUT',
      body: field,
      schema: FieldResponseSchema,
    })
  ).data
}

export async function deleteMetadataField(pid: number, id: number): Promise<void> {
  await request('admin', panelPath(pid, `/metadata-fields/${String(id)}`), {
    method: 'DELETE',
    schema: NoContentSchema,
  })
}

// ---- Metadata CSV ----

/** The export: the file, or (a large panel) the news that it follows by email. */
export type MetadataExport = { kind: 'file'; fileName: string; text: string } | { kind: 'mailed' }

/** GET …/metadata.csv: 200 with the file, or 202 EXPORTING_CSV when it is mailed. */
export async function exportMetadataCsv(pid: number): Promise<MetadataExport> {
  const { data, status, headers } = await requestText('admin', panelPath(pid, '/metadata.csv'))
  if (status === 202) return { kind: 'mailed' }
  const named = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')
  return {
    kind: 'file',
    fileName: named?.[1] ?? `panel-${String(pid)}-metadata.csv`,
    text: data,
  }
}

export type CsvUploadResult = v.InferOutput<typeof CsvUploadResultSchema>

/**
 * POST …/metadata.csv: a preview (nothing changes) unless `apply`; the whole file in one
 * transaction. A file with errors is refused whole: 400 INVALID_FILE with its lines.
 */
export async function uploadMetadataCsv(
  pid: number,
  file: { text: string; type: string },
  apply: boolean,
): Promise<CsvUploadResult> {
  return request('admin', panelPath(pid, '/metadata.csv'), {
    method: 'POST',
    rawBody: { type: file.type, text: file.text },
    query: { apply: apply ? 'true' : undefined },
    schema: CsvUploadResultSchema,
  })
}

const CsvErrorsSchema = v.object({
  errors: v.array(v.object({ line: v.number(), column: v.optional(v.string()), code: v.string() })),
})

/** The lines' errors of a refused CSV (400 INVALID_FILE), or null for any other failure. */
export function csvErrorsOf(error: unknown): CsvLineError[] | null {
  if (!(error instanceof ApiError) || error.code !== AdminCodes.INVALID_FILE) return null
  const parsed = v.safeParse(CsvErrorsSchema, error.data)
  return parsed.success ? parsed.output.errors : []
}
