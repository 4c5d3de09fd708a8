import { createFileRoute } from '@tanstack/react-router'
import { requireSessionCheck } from '../../session'
import { ReportCardsPage } from '../../features/settings'

// Report cards are about the user's units: only users with one.
export const Route = createFileRoute('/_authed/settings/report-cards')({
  beforeLoad: requireSessionCheck((session) => session.accessibles.units.length > 0),
  component: ReportCardsPage,
})
