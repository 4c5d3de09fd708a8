import { createFileRoute, notFound, stripSearchParams } from '@tanstack/react-router'
import { INBOX_TAB_NAMES, type InboxTab } from '#contracts/anomaly-inbox.ts'
import { INBOX_SEARCH_DEFAULTS, InboxPage, InboxSearchSchema } from '../../features/fault-finder'

const isTab = (state: string): state is InboxTab => (INBOX_TAB_NAMES as string[]).includes(state)

// Seeds 001 §2.3: the anomaly inbox, its tab (active or closed) in the path, its search in `q`.
export const Route = createFileRoute('/_authed/fault-finder/$state')({
  validateSearch: InboxSearchSchema,
  search: { middlewares: [stripSearchParams(INBOX_SEARCH_DEFAULTS)] },
  beforeLoad: ({ params }) => {
    if (!isTab(params.state)) notFound({ throw: true })
  },
  component: InboxRoute,
})

function InboxRoute() {
  const { state } = Route.useParams()
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!isTab(state)) return null
  return (
    <InboxPage
      tab={state}
      search={q}
      onSearchChange={(next) =>
        void navigate({ search: { q: next }, replace: true, resetScroll: false })
      }
    />
  )
}
