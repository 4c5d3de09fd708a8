import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { requireSessionCheck } from '../../session'
import { canSearchUnits, resetPanelForUnitSearch } from '../../features/units/access'
import {
  plainNumericTermMiddleware,
  UNIT_SEARCH_DEFAULTS,
  UnitSearchParamsSchema,
} from '../../features/units/unit-search-params'
import { UnitSearchPage } from '../../features/units/UnitSearchPage'

// The constant-care area's rule, and global access in any view (it searches every panel).
const guard = requireSessionCheck(canSearchUnits)

// Seeds 001 §2.4: unit search; on the way in, the selected panel is reset to one that allows it.
export const Route = createFileRoute('/_authed/units/search')({
  validateSearch: UnitSearchParamsSchema,
  // Defaults stay out of the address; a numeric term reads ?q=35, not ?q=%2235%22.
  search: { middlewares: [plainNumericTermMiddleware, stripSearchParams(UNIT_SEARCH_DEFAULTS)] },
  beforeLoad: () => {
    resetPanelForUnitSearch()
    guard()
  },
  component: UnitSearchRoute,
})

function UnitSearchRoute() {
  const { q, showResults, sort } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UnitSearchPage
      term={q}
      showResults={showResults}
      sort={sort}
      onSortChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, sort: next }), resetScroll: false })
      }
    />
  )
}
