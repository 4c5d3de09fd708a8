import { createFileRoute } from '@tanstack/react-router'
import { DashboardsPage } from '../../features/dashboards'
import { requireArea } from '../../session'

// Seeds 001 §2.2: the reports index (private and the organisation's); needs the reports permission.
export const Route = createFileRoute('/_authed/reports')({
  beforeLoad: requireArea('reports'),
  component: ReportsRoute,
})

function ReportsRoute() {
  return <DashboardsPage type="report" />
}
