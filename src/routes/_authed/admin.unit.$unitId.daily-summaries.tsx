import { createFileRoute } from '@tanstack/react-router'
import { DailySummariesPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/unit/$unitId/daily-summaries')({
  component: DailySummariesPageRoute,
})

function DailySummariesPageRoute() {
  const { unitId } = Route.useParams()
  return <DailySummariesPage unitId={Number(unitId)} />
}
