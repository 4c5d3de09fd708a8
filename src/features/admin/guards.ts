import { requireSessionCheck } from '../../session'
import { adminAbilities, mayUseSection, type AdminSection } from './sections'

/** A section route's guard: its permission on the panel the user works in, else not found. */
export function requireAdminSection(section: AdminSection): () => void {
  return requireSessionCheck((session) => mayUseSection(adminAbilities(session), section))
}
