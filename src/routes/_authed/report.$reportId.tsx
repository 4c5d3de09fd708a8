import { createFileRoute, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { ReportPage } from '../../features/dashboards'
import { requireArea } from '../../session'

const ReportSearchSchema = v.object({
  /** The editor is open. */
  edit: v.fallback(v.optional(v.boolean()), undefined),
})

const ID = /^[1-9]\d{0,9}$/
const guard = requireArea('reports')

// Seeds 001 §2.2: one report, read or edited; needs the reports permission.
export const Route = createFileRoute('/_authed/report/$reportId')({
  validateSearch: ReportSearchSchema,
  beforeLoad: ({ params }) => {
    guard()
    if (!ID.test(params.reportId) || Number(params.reportId) > 2_147_483_647) throw notFound()
  },
  component: ReportRoute,
})

function ReportRoute() {
  const { reportId } = Route.useParams()
  const { edit } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ReportPage
      reportId={Number(reportId)}
      editing={edit === true}
      onEditingChange={(editing) =>
        void navigate({ search: { edit: editing ? true : undefined }, resetScroll: false })
      }
      onCreated={() => undefined}
    />
  )
}
