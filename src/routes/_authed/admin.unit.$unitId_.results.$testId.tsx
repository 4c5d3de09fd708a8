import { createFileRoute, notFound } from '@tanstack/react-router'
import { requireAdminSection, UnitTestResultPage } from '../../features/admin'

const guard = requireAdminSection('agents')

// Seeds 001 §2.6: a test's result page, titled by its id, with sharing (outside the unit's tabs).
export const Route = createFileRoute('/_authed/admin/unit/$unitId_/results/$testId')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.unitId) || Number(params.unitId) > 2_147_483_647) {
      notFound({ throw: true })
    }
    guard()
  },
  component: TestResultRoute,
})

function TestResultRoute() {
  const { unitId, testId } = Route.useParams()
  return <UnitTestResultPage key={testId} unitId={Number(unitId)} testId={testId} />
}
