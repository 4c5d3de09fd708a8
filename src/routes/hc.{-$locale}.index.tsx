import { createFileRoute } from '@tanstack/react-router'
import { HelpCentreHome } from '../features/help-centre'

export const Route = createFileRoute('/hc/{-$locale}/')({
  component: HomeRoute,
})

function HomeRoute() {
  const { hcLocale } = Route.useRouteContext()
  return <HelpCentreHome locale={hcLocale} />
}
