import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  AdminAuditPageSchema,
  GdprRemovalResultSchema,
  type GdprRemovalResult,
} from '#contracts/admin.ts'
import { adminKeys } from './admin.api'
import { request } from './http'

/**
 * The admin audit log per user and per agent (issue 25: who, when, what, before and after), and
 * the GDPR removal of a user's personal data (seeds 001 §7.5 POST /gdpr-removal/{id}).
 */

/** Whose log: a user of the panel's organisation, or one of the panel's agents. */
export type AuditTarget = { kind: 'user' | 'agent'; id: number }

export const auditKeys = {
  all: (pid: number) => [...adminKeys.panel(pid), 'audit'] as const,
  of: (pid: number, target: AuditTarget) =>
    [...auditKeys.all(pid), target.kind, target.id] as const,
  page: (pid: number, target: AuditTarget, page: number) =>
    [...auditKeys.of(pid, target), page] as const,
}

const auditPath = (pid: number, target: AuditTarget) =>
  `/panels/${String(pid)}/${target.kind === 'user' ? 'users' : 'agents'}/${String(target.id)}/audit`

/** One page of the target's audit entries, newest first (50 a page). */
export const auditQuery = (pid: number, target: AuditTarget, page: number) =>
  queryOptions({
    queryKey: auditKeys.page(pid, target, page),
    queryFn: ({ signal }) =>
      request('admin', auditPath(pid, target), {
        schema: AdminAuditPageSchema,
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/**
 * POST /gdpr-removal/{id}: removes the user's personal data everywhere it lives. The body names
 * the user again (the server refuses another id), so a removal is never a slip of the path.
 */
export async function removePersonalData(userId: number): Promise<GdprRemovalResult['data']> {
  return (
    await request('admin', `/gdpr-removal/${String(userId)}`, {
      method: 'POST',
      body: { confirm: userId },
      schema: GdprRemovalResultSchema,
    })
  ).data
}
