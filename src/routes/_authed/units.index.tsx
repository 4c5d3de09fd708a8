import { createFileRoute, redirect } from '@tanstack/react-router'
import { requireArea } from '../../features/placeholder'
import { resetPanelForUnitSearch } from '../../features/units/access'

const guard = requireArea('constant-care')

// Seeds 001 §2.4: /units leads to /units/search (unit search and the enterprise view, else not-found).
export const Route = createFileRoute('/_authed/units/')({
  beforeLoad: () => {
    resetPanelForUnitSearch()
    guard()
    redirect({ to: '/units/search', throw: true })
  },
})
