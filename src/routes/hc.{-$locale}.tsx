import { createFileRoute, notFound } from '@tanstack/react-router'
import { HelpCentreLayout, enterHelpCentreLocale, isHcLocale } from '../features/help-centre'

// /hc and /hc/{locale}: an unknown locale segment is an unknown page; the catalog of the
// help-centre locale is active before the first page of it renders.
export const Route = createFileRoute('/hc/{-$locale}')({
  beforeLoad: async ({ params }) => {
    if (params.locale !== undefined && !isHcLocale(params.locale)) throw notFound()
    return { hcLocale: await enterHelpCentreLocale(params.locale) }
  },
  component: LayoutRoute,
})

function LayoutRoute() {
  const { hcLocale } = Route.useRouteContext()
  return <HelpCentreLayout locale={hcLocale} />
}
