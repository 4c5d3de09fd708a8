import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { ResetPasswordPage } from '../features/auth'
import { redirectSignedIn } from '../session'

const ExpiredSearchSchema = v.object({
  days: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

export const Route = createFileRoute('/expired-password/$userId/$token')({
  validateSearch: ExpiredSearchSchema,
  beforeLoad: ({ params }) => {
    if (!/^\d{1,10}$/.test(params.userId)) notFound({ throw: true })
    redirectSignedIn()
  },
  component: ExpiredPasswordRoute,
})

function ExpiredPasswordRoute() {
  const { userId, token } = Route.useParams()
  const { days } = Route.useSearch()
  return <ResetPasswordPage key={token} userId={Number(userId)} token={token} expired days={days} />
}
