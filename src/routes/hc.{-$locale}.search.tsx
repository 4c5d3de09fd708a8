import { createFileRoute } from '@tanstack/react-router'
import { HcSearchParamsSchema, SearchPage } from '../features/help-centre'

// The query, page and category are in the URL: a search can be shared, reloaded and gone back to.
export const Route = createFileRoute('/hc/{-$locale}/search')({
  validateSearch: HcSearchParamsSchema,
  component: SearchRoute,
})

function SearchRoute() {
  const { hcLocale } = Route.useRouteContext()
  const search = Route.useSearch()
  return <SearchPage locale={hcLocale} search={search} />
}
