import { createFileRoute } from '@tanstack/react-router'
import { DataSubsFeaturesPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/data-subs/$dataSubId/feature-subs')({
  component: FeatureSubsRoute,
})

function FeatureSubsRoute() {
  const { dataSubId } = Route.useParams()
  return <DataSubsFeaturesPage dataSubId={Number(dataSubId)} />
}
