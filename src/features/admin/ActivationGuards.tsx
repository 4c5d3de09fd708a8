import { requireSessionCheck } from '../../session'
import { adminAbilities, type AdminAbilities } from './sections'

/** The agent-activation pages: status and log (cpe_subscriptions_manage), token (cpe_api_manage). */
export type ActivationPart = 'status' | 'log' | 'token'

export const ACTIVATION_PATH = {
  status: '/admin/agent-activation/status',
  log: '/admin/agent-activation/log',
  token: '/admin/agent-activation/token',
} as const satisfies Record<ActivationPart, string>

export function mayUseActivationPart(abilities: AdminAbilities, part: ActivationPart): boolean {
  return part === 'token' ? abilities.manageActivationToken : abilities.manageActivation
}

/** The parts open to the abilities, in the navigation's order. */
export function activationParts(abilities: AdminAbilities): ActivationPart[] {
  return (['status', 'log', 'token'] as const).filter((part) =>
    mayUseActivationPart(abilities, part),
  )
}

/** Where /admin/agent-activation goes: the status, or the token for a token-only admin. */
export function activationHome(
  session: Parameters<typeof adminAbilities>[0],
): (typeof ACTIVATION_PATH)[ActivationPart] {
  const first = activationParts(adminAbilities(session))[0] ?? 'status'
  return ACTIVATION_PATH[first]
}

/** A part's route guard: its permission on the panel the user works in, else not found. */
export function requireActivationPart(part: ActivationPart): () => void {
  return requireSessionCheck((session) => mayUseActivationPart(adminAbilities(session), part))
}
