import { createFileRoute, notFound } from '@tanstack/react-router'
import { CollectionPage } from '../../features/fault-finder'

const ID = /^[1-9]\d{0,9}$/

// Seeds 001 §2.3: one anomaly collection with the detail of its anomalies.
export const Route = createFileRoute('/_authed/fault-finder/collection/$id')({
  beforeLoad: ({ params }) => {
    if (!ID.test(params.id) || Number(params.id) > 2_147_483_647) notFound({ throw: true })
  },
  component: CollectionRoute,
})

function CollectionRoute() {
  const { id } = Route.useParams()
  return <CollectionPage key={id} collectionId={Number(id)} />
}
