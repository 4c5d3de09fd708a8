import { createFileRoute, notFound } from '@tanstack/react-router'
import { CategoryPage, parseHcId } from '../features/help-centre'

export const Route = createFileRoute('/hc/{-$locale}/categories/$categoryId')({
  beforeLoad: ({ params }) => {
    const categoryId = parseHcId(params.categoryId)
    if (categoryId === null) throw notFound()
    return { categoryId }
  },
  component: CategoryRoute,
})

function CategoryRoute() {
  const { hcLocale, categoryId } = Route.useRouteContext()
  return <CategoryPage locale={hcLocale} categoryId={categoryId} />
}
