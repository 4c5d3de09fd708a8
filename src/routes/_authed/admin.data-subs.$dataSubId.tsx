import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { DataSubsDetailLayout, requireAdminSection } from '../../features/admin'

const guard = requireAdminSection('data-subs')

// Seeds 001 §2.6: a data subscription's pages (feature-subs, groups, users).
export const Route = createFileRoute('/_authed/admin/data-subs/$dataSubId')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.dataSubId) || Number(params.dataSubId) > 2_147_483_647) {
      notFound({ throw: true })
    }
    guard()
  },
  component: DataSubRoute,
})

function DataSubRoute() {
  const { dataSubId } = Route.useParams()
  return (
    <DataSubsDetailLayout key={dataSubId} dataSubId={Number(dataSubId)}>
      <Outlet />
    </DataSubsDetailLayout>
  )
}
