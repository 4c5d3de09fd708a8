import { createFileRoute, notFound } from '@tanstack/react-router'
import { UserPage, requireAdminSection } from '../../features/admin'

const guard = requireAdminSection('users')

export const Route = createFileRoute('/_authed/admin/user/$userId')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.userId) || Number(params.userId) > 2_147_483_647) {
      notFound({ throw: true })
    }
    guard()
  },
  component: UserRoute,
})

function UserRoute() {
  const { userId } = Route.useParams()
  return <UserPage key={userId} userId={Number(userId)} />
}
