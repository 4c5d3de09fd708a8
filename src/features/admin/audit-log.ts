import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** One value an audit entry changed: its key, and the value before and after (null: none). */
export type AuditChange = { key: string; before: unknown; after: unknown }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Ids an entry carries beside the name that says the same to a reader. */
const SHOWN_BY_NAME: Record<string, readonly string[]> = {
  group_name: ['group_id', 'data_subscription_id'],
}

/**
 * What an audit entry changed (issue 25: before → after), key by key in the order the entry
 * names them: keys of either side, none whose value stayed the same, no ids that a name beside
 * them already says. A side that is not an object (null: created or removed) has no values.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const from = isRecord(before) ? before : {}
  const to = isRecord(after) ? after : {}
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])]
  const hidden = new Set(
    keys.flatMap((key) => (key in SHOWN_BY_NAME ? (SHOWN_BY_NAME[key] ?? []) : [])),
  )
  return keys
    .filter((key) => !hidden.has(key))
    .map((key) => ({ key, before: from[key] ?? null, after: to[key] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after))
}

/** The admin changes the server logs (server/services/admin), as the log names them. */
export const AUDIT_ACTION_TEXT: Record<string, MessageDescriptor> = {
  'agent.state': msg`Activated or deactivated`,
  'agent.metadata': msg`Metadata edited`,
  'agent.metadata_csv': msg`Metadata changed by a CSV upload`,
  'user.create': msg`User created`,
  'user.enabled': msg`Enabled or disabled`,
  'user.role': msg`Role changed`,
  'user.unlock': msg`Password reset sent`,
  'user.super_admin': msg`Super admin changed`,
  'user.gdpr_removal': msg`Personal data removed`,
  'panel.logo': msg`Panel logo changed`,
  'group.member_add': msg`Added to a group`,
  'group.member_remove': msg`Removed from a group`,
}

/** The names of the values the log records (a metadata field's key is named by the panel). */
export const AUDIT_KEY_TEXT: Record<string, MessageDescriptor> = {
  state: msg`State`,
  enabled: msg`Enabled`,
  role: msg`Role`,
  super_admin: msg`Super admin`,
  reset_sent: msg`Password reset link sent`,
  group_name: msg`Group`,
  group_id: msg`Group id`,
  data_subscription_id: msg`Data subscription id`,
  removed: msg`Rows removed`,
  name: msg`Name`,
  features: msg`Feature access`,
}

/**
 * Issue 25: an administrator outside the panel's organisation, named by their role (the server
 * sends no address for them).
 */
export const AUDIT_ACTOR_ROLE_TEXT: Record<
  'whitebox_staff' | 'other_organisation',
  MessageDescriptor
> = {
  whitebox_staff: msg`Whitebox staff`,
  other_organisation: msg`An administrator of another organisation`,
}
