import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PersonalDetailsPage } from '../../features/settings'

const SearchSchema = v.object({
  // Set by the sub-pages after a change (seeds 4.6: the change-password success flag among them).
  updated: v.fallback(
    v.optional(v.picklist(['name', 'email', 'password', 'address', 'address-queued'])),
    undefined,
  ),
})

export const Route = createFileRoute('/_authed/settings/personal-details/')({
  validateSearch: SearchSchema,
  component: PersonalDetailsRoute,
})

function PersonalDetailsRoute() {
  const { updated } = Route.useSearch()
  return <PersonalDetailsPage updated={updated} />
}
