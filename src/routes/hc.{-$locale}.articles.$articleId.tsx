import { createFileRoute, notFound } from '@tanstack/react-router'
import { ArticlePage, parseHcId } from '../features/help-centre'

export const Route = createFileRoute('/hc/{-$locale}/articles/$articleId')({
  beforeLoad: ({ params }) => {
    const articleId = parseHcId(params.articleId)
    if (articleId === null) throw notFound()
    return { articleId }
  },
  component: ArticleRoute,
})

function ArticleRoute() {
  const { hcLocale, articleId } = Route.useRouteContext()
  return <ArticlePage locale={hcLocale} articleId={articleId} />
}
