import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createRootRoute, createRoute, notFound, Outlet } from '@tanstack/react-router'
import { createQueryClient } from '../../../api/query-client'
import { registerQueueableMutations } from '../../../offline/mutations'
import { ArticlePage } from '../ArticlePage'
import { CategoryPage } from '../CategoryPage'
import { restoreHelpCentreCache } from '../hc-cache'
import { enterHelpCentreLocale, isHcLocale } from '../hc-locale'
import { HelpCentreHome } from '../HelpCentreHome'
import { HelpCentreLayout } from '../HelpCentreLayout'
import { HELP_CENTRE_MUTATIONS } from '../queue'
import { canSendHelpRequest } from '../request-access'
import { RequestPage } from '../RequestPage'
import { SearchPage } from '../SearchPage'
import { HcSearchParamsSchema, parseHcId } from '../search-params'
import { SectionPage } from '../SectionPage'
import { createTestRouter, renderTestRouter, TestLocation } from '../../../testing/router'

// Test support: the help centre's routes as src/routes declares them (same paths, guards and
// pages), in a small router without the app shell.

/** The app's query client with the help centre's queued change registered (as main.tsx should). */
export function helpCentreTestClient(): QueryClient {
  const client = createQueryClient()
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  })
  registerQueueableMutations(client, HELP_CENTRE_MUTATIONS)
  return client
}

function helpCentreRouter(path: string, queryClient: QueryClient) {
  const root = createRootRoute({
    component: () => (
      <>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <TestLocation />
      </>
    ),
    notFoundComponent: () => <p>Page not found</p>,
  })
  const hc = createRoute({
    getParentRoute: () => root,
    path: 'hc',
    beforeLoad: () => restoreHelpCentreCache(queryClient),
    component: Outlet,
  })
  const layout = createRoute({
    getParentRoute: () => hc,
    path: '{-$locale}',
    beforeLoad: async ({ params }) => {
      if (params.locale !== undefined && !isHcLocale(params.locale)) throw notFound()
      return { hcLocale: await enterHelpCentreLocale(params.locale) }
    },
    component: () => <HelpCentreLayout locale={layout.useRouteContext().hcLocale} />,
  })
  const byId = (segment: string) => {
    const id = parseHcId(segment)
    if (id === null) throw notFound()
    return id
  }
  const home = createRoute({
    getParentRoute: () => layout,
    path: '/',
    component: () => <HelpCentreHome locale={home.useRouteContext().hcLocale} />,
  })
  const category = createRoute({
    getParentRoute: () => layout,
    path: 'categories/$categoryId',
    beforeLoad: ({ params }) => ({ categoryId: byId(params.categoryId) }),
    component: () => {
      const { hcLocale, categoryId } = category.useRouteContext()
      return <CategoryPage locale={hcLocale} categoryId={categoryId} />
    },
  })
  const section = createRoute({
    getParentRoute: () => layout,
    path: 'sections/$sectionId',
    beforeLoad: ({ params }) => ({ sectionId: byId(params.sectionId) }),
    component: () => {
      const { hcLocale, sectionId } = section.useRouteContext()
      return <SectionPage locale={hcLocale} sectionId={sectionId} />
    },
  })
  const article = createRoute({
    getParentRoute: () => layout,
    path: 'articles/$articleId',
    beforeLoad: ({ params }) => ({ articleId: byId(params.articleId) }),
    component: () => {
      const { hcLocale, articleId } = article.useRouteContext()
      return <ArticlePage locale={hcLocale} articleId={articleId} />
    },
  })
  const search = createRoute({
    getParentRoute: () => layout,
    path: 'search',
    validateSearch: HcSearchParamsSchema,
    component: () => (
      <SearchPage locale={search.useRouteContext().hcLocale} search={search.useSearch()} />
    ),
  })
  const request = createRoute({
    getParentRoute: () => layout,
    path: 'requests/new',
    beforeLoad: () => {
      if (!canSendHelpRequest()) throw notFound()
    },
    component: () => <RequestPage locale={request.useRouteContext().hcLocale} />,
  })
  const stub = (p: string) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <p>stub {p}</p> })
  return createTestRouter(
    root.addChildren([
      hc.addChildren([layout.addChildren([home, category, section, article, search, request])]),
      stub('/'),
      stub('/login'),
    ]),
    path,
  )
}

/** Renders the help centre at `path` with `queryClient`; the URL is in "current location". */
export async function renderHelpCentre(
  path: string,
  queryClient: QueryClient = helpCentreTestClient(),
) {
  const router = helpCentreRouter(path, queryClient)
  const result = await renderTestRouter(router, (shown) => (
    <QueryClientProvider client={queryClient}>{shown}</QueryClientProvider>
  ))
  return { ...result, router, queryClient }
}
