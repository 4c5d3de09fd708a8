import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AnalyticsBuilderPage, BuilderSearchSchema } from '../../features/analytics-builder'
import {
  ConsumerAnalyticsPage,
  ConsumerAnalyticsSearchSchema,
} from '../../features/consumer-analytics'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'
import { useSession } from '../../session'

// Consumers get their unit's analytics (seeds 000 §2.6); the enterprise view the chart builder
// (issue 23 §3), whose preset is in the URL (`?preset=<id>`, what the presets list links to).
const AnalyticsSearchSchema = v.object({
  ...ConsumerAnalyticsSearchSchema.entries,
  ...BuilderSearchSchema.entries,
})

export const Route = createFileRoute('/_authed/analytics/')({
  validateSearch: AnalyticsSearchSchema,
  beforeLoad: requireArea('analytics'),
  component: AnalyticsIndex,
})

function AnalyticsIndex() {
  const session = useSession()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (session?.view.type === 'enterprise') {
    return (
      <AnalyticsBuilderPage
        search={search}
        onPresetChange={(preset) => {
          void navigate({ search: { preset }, resetScroll: false })
        }}
      />
    )
  }
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
