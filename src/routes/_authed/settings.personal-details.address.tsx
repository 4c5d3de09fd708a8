import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireSessionCheck } from '../../session'
import { AddressPage } from '../../features/settings'
import { hasInstallationAddress } from '../../features/settings/session-unit'

const line = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined)

// The values of a refused change opened with Edit in the pending changes panel.
const SearchSchema = v.object({
  line1: line,
  line2: line,
  line3: line,
  city: line,
  postcode: line,
  country_id: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{0,10}$/))), undefined),
})

// Seeds 000 §2.4: the installation address is for consumers only.
export const Route = createFileRoute('/_authed/settings/personal-details/address')({
  validateSearch: SearchSchema,
  beforeLoad: requireSessionCheck(hasInstallationAddress),
  component: AddressRoute,
})

function AddressRoute() {
  const search = Route.useSearch()
  const prefill =
    search.line1 === undefined
      ? undefined
      : {
          line1: search.line1,
          line2: search.line2 ?? '',
          line3: search.line3 ?? '',
          city: search.city ?? '',
          postcode: search.postcode ?? '',
          country_id: search.country_id ?? '',
        }
  return <AddressPage prefill={prefill} />
}
