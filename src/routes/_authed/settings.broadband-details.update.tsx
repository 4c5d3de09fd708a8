import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireSessionCheck } from '../../session'
import { BroadbandUpdatePage } from '../../features/settings'
import { canManageUnit } from '../../features/settings/session-unit'

const id = v.fallback(
  v.optional(
    v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1)),
  ),
  undefined,
)

// The values of a refused change opened with Edit in the pending changes panel.
const SearchSchema = v.object({
  isp_id: id,
  package_id: id,
  changed_at: v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined),
})

// Seeds 000 §2.4: changing the package needs the consumer view and Agent unit_manage on the unit.
export const Route = createFileRoute('/_authed/settings/broadband-details/update')({
  validateSearch: SearchSchema,
  beforeLoad: requireSessionCheck(
    (session) => session.view.type === 'consumer' && canManageUnit(session, session.view.unitId),
  ),
  component: BroadbandUpdateRoute,
})

function BroadbandUpdateRoute() {
  const search = Route.useSearch()
  return <BroadbandUpdatePage prefill={search} />
}
