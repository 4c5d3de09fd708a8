import { createFileRoute, notFound } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/auth'
import { redirectSignedIn } from '../session'

export const Route = createFileRoute('/reset-password/$userId/$token')({
  beforeLoad: ({ params }) => {
    if (!/^\d{1,10}$/.test(params.userId)) notFound({ throw: true })
    redirectSignedIn()
  },
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { userId, token } = Route.useParams()
  return <ResetPasswordPage key={token} userId={Number(userId)} token={token} />
}
