import {
  createFileRoute,
  Outlet,
  redirect,
  useMatchRoute,
  useNavigate,
} from '@tanstack/react-router'
import * as v from 'valibot'
import { DashboardLayout } from '../../features/consumer'
import { requireArea } from '../../session'

const consumerOnly = requireArea('dashboard', (session) => session.view.type === 'consumer')

const DashboardSearchSchema = v.object({
  /** Which of the user's units (several units: the unit picker). */
  unit: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

// Seeds 000 §2.6: in the enterprise view every /dashboard route leads to /dashboards.
export const Route = createFileRoute('/_authed/dashboard')({
  validateSearch: DashboardSearchSchema,
  beforeLoad: ({ context }) => {
    if (context.session.view.type === 'enterprise') redirect({ to: '/dashboards', throw: true })
    consumerOnly()
  },
  component: DashboardRoute,
})

function DashboardRoute() {
  const { unit } = Route.useSearch()
  const navigate = useNavigate()
  const matchRoute = useMatchRoute()
  const detail = matchRoute({ to: '/dashboard/results/$testId' }) !== false
  return (
    <DashboardLayout
      unitParam={unit}
      variant={detail ? 'detail' : 'tabs'}
      onUnitChange={(unitId) => {
        void navigate({ to: '.', search: (prev) => ({ ...prev, unit: unitId }) })
      }}
    >
      <Outlet />
    </DashboardLayout>
  )
}
