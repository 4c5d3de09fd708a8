import { createFileRoute } from '@tanstack/react-router'
import { DashboardsPage } from '../../features/dashboards'
import { requireArea } from '../../session'

// Seeds 001 §2.2: the private and organisation dashboards; needs test-measurements/reports.
export const Route = createFileRoute('/_authed/dashboards')({
  beforeLoad: requireArea('dashboard', (session) => session.view.type === 'enterprise'),
  component: DashboardsPage,
})
