import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { RedirectPage } from '../features/auth'
import { requireSignedIn } from '../session'

const RedirectSearchSchema = v.object({
  continue: v.fallback(v.optional(v.string()), undefined),
  /** Single sign-on host of the original request; accepted, not used without SSO. */
  host: v.fallback(v.optional(v.string()), undefined),
})

export const Route = createFileRoute('/redirect')({
  validateSearch: RedirectSearchSchema,
  beforeLoad: ({ location }) => {
    requireSignedIn(location)
  },
  component: RedirectRoute,
})

function RedirectRoute() {
  const search = Route.useSearch()
  return <RedirectPage continueTo={search.continue} />
}
