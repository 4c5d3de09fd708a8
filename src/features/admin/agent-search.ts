import * as v from 'valibot'
import { parseIdentifier } from '#contracts/identifier.ts'
import type { AdminAgentQuery } from '../../api/admin.api'

/**
 * Seeds 001 §3 agent search row: one box for an agent id, the owner's email or a MAC address.
 * The term's kind picks the filter the server reads; anything else is refused before sending.
 */
export function agentFilterOf(term: string): AdminAgentQuery['filter'] | 'unreadable' {
  const trimmed = term.trim()
  if (trimmed === '') return null
  const identifier = parseIdentifier(trimmed)
  switch (identifier.kind) {
    case 'id':
      return /^\d{1,10}$/.test(identifier.value) && Number(identifier.value) <= 2_147_483_647
        ? { id: identifier.value }
        : 'unreadable'
    case 'email':
      return { email: identifier.value }
    case 'mac':
      return { mac: identifier.value }
    case 'unclassified':
      return 'unreadable'
  }
}

/** The agent columns the reader may hide, and the ones hidden until they choose otherwise. */
export const AGENT_COLUMNS_KEY = 'wb:admin:agent-columns'

const HiddenSchema = v.array(v.pipe(v.string(), v.maxLength(64)))

/** The hidden columns kept on this device, or null when none were chosen (or unreadable). */
export function readHiddenColumns(storage: Pick<Storage, 'getItem'> | undefined): string[] | null {
  try {
    const raw = storage?.getItem(AGENT_COLUMNS_KEY)
    if (raw === null || raw === undefined) return null
    const parsed = v.safeParse(HiddenSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export function writeHiddenColumns(
  storage: Pick<Storage, 'setItem'> | undefined,
  hidden: readonly string[],
): void {
  try {
    storage?.setItem(AGENT_COLUMNS_KEY, JSON.stringify(hidden))
  } catch {
    // A full or refused storage only loses the choice for next time.
  }
}
