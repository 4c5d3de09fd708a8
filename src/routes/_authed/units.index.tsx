import { createFileRoute, redirect } from '@tanstack/react-router'
import { requireSessionCheck } from '../../session'
import { canSearchUnits, resetPanelForUnitSearch } from '../../features/units/access'

// The constant-care area's rule, and global access in any view (it searches every panel).
const guard = requireSessionCheck(canSearchUnits)

// Seeds 001 §2.4: /units leads to /units/search (unit search and the enterprise view, else not-found).
export const Route = createFileRoute('/_authed/units/')({
  beforeLoad: () => {
    resetPanelForUnitSearch()
    guard()
    redirect({ to: '/units/search', throw: true })
  },
})
