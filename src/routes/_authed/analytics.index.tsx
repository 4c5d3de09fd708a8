import { createFileRoute } from '@tanstack/react-router'
import {
  ConsumerAnalyticsPage,
  ConsumerAnalyticsSearchSchema,
} from '../../features/consumer-analytics'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'
import { useSession } from '../../session'

// Seeds 000 §2.6: consumers get their unit's analytics here; the enterprise view keeps its placeholder.
export const Route = createFileRoute('/_authed/analytics/')({
  validateSearch: ConsumerAnalyticsSearchSchema,
  beforeLoad: requireArea('analytics'),
  component: AnalyticsIndex,
})

function AnalyticsIndex() {
  const session = useSession()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (session?.view.type !== 'consumer') return <AreaNotBuilt area="analytics" />
  return (
    <ConsumerAnalyticsPage
      search={search}
      onSearchChange={(next) => {
        void navigate({ search: next, resetScroll: false })
      }}
    />
  )
}
