import { createFileRoute, notFound } from '@tanstack/react-router'
import { SectionPage, parseHcId } from '../features/help-centre'

export const Route = createFileRoute('/hc/{-$locale}/sections/$sectionId')({
  beforeLoad: ({ params }) => {
    const sectionId = parseHcId(params.sectionId)
    if (sectionId === null) throw notFound()
    return { sectionId }
  },
  component: SectionRoute,
})

function SectionRoute() {
  const { hcLocale, sectionId } = Route.useRouteContext()
  return <SectionPage locale={hcLocale} sectionId={sectionId} />
}
