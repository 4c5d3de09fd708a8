import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { DashboardPage } from '../../features/dashboards'
import { requireArea } from '../../session'

const DashboardSearchSchema = v.object({
  /** The editor is open (a new dashboard starts in it). */
  edit: v.fallback(v.optional(v.boolean()), undefined),
})

const ID = /^[1-9]\d{0,9}$/

// Seeds 001 §2.2: one dashboard, with its side bar of saved presets while editing; needs the
// reports permission. Outside the consumer's /dashboard layout, whose routes the enterprise view
// sends to /dashboards.
export const Route = createFileRoute('/_authed/dashboard_/$dashboardId')({
  validateSearch: DashboardSearchSchema,
  beforeLoad: ({ params }) => {
    requireArea('dashboard', (session) => session.view.type === 'enterprise')()
    if (!ID.test(params.dashboardId) || Number(params.dashboardId) > 2_147_483_647) {
      throw notFound()
    }
  },
  component: DashboardRoute,
})

function DashboardRoute() {
  const { dashboardId } = Route.useParams()
  const { edit } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DashboardPage
      dashboardId={Number(dashboardId)}
      editing={edit === true}
      onEditingChange={(editing) =>
        void navigate({ search: { edit: editing ? true : undefined }, resetScroll: false })
      }
    />
  )
}
