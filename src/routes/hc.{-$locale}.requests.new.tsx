import { createFileRoute, notFound } from '@tanstack/react-router'
import { RequestPage, canSendHelpRequest } from '../features/help-centre'

// Seeds 000 §2.7: the request form is not available in the enterprise view.
export const Route = createFileRoute('/hc/{-$locale}/requests/new')({
  beforeLoad: () => {
    if (!canSendHelpRequest()) throw notFound()
  },
  component: RequestRoute,
})

function RequestRoute() {
  const { hcLocale } = Route.useRouteContext()
  return <RequestPage locale={hcLocale} />
}
