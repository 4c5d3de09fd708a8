import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { AgentSortSchema } from '#contracts/unit-search.ts'
import { requireArea } from '../../features/placeholder'
import { resetPanelForUnitSearch } from '../../features/units/access'
import { DEFAULT_AGENT_SORT } from '../../features/units/agent-sort'
import { UnitSearchPage } from '../../features/units/UnitSearchPage'

const guard = requireArea('constant-care')

// The term, whether the results are open, and their order live in the URL (reload, back, share).
const DEFAULTS = { q: '', showResults: false, sort: DEFAULT_AGENT_SORT }
const UnitSearchParamsSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), ''),
  showResults: v.fallback(v.optional(v.boolean(), false), false),
  sort: v.fallback(v.optional(AgentSortSchema, DEFAULT_AGENT_SORT), DEFAULT_AGENT_SORT),
})

// Seeds 001 §2.4: unit search; on the way in, the selected panel is reset to one that allows it.
export const Route = createFileRoute('/_authed/units/search')({
  validateSearch: UnitSearchParamsSchema,
  // Defaults stay out of the address: /units/search, not /units/search?q=&showResults=false….
  search: { middlewares: [stripSearchParams(DEFAULTS)] },
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
      onSortChange={(next) => void navigate({ search: (prev) => ({ ...prev, sort: next }) })}
    />
  )
}
