import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ReportPage } from '../../features/dashboards'
import { requireArea } from '../../session'

// A report written before it is saved (it cannot be saved empty: seeds 001 §5 NO_CONTENTS).
export const Route = createFileRoute('/_authed/report/new')({
  beforeLoad: requireArea('reports'),
  component: NewReportRoute,
})

function NewReportRoute() {
  const navigate = useNavigate()
  return (
    <ReportPage
      reportId={null}
      editing
      onEditingChange={() => undefined}
      onCreated={(id) =>
        void navigate({
          to: '/report/$reportId',
          params: { reportId: String(id) },
          replace: true,
        })
      }
    />
  )
}
