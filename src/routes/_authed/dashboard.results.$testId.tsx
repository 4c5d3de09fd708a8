import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { TestResultPage, useDashboardUnitId } from '../../features/consumer'

// Seeds 000 §2.6: a test's result page, titled by its id (the unit in the `unit` search parameter).
export const Route = createFileRoute('/_authed/dashboard/results/$testId')({
  component: TestResultRoute,
})

function TestResultRoute() {
  const { testId } = Route.useParams()
  const { unit } = Route.useSearch()
  const unitId = useDashboardUnitId(unit)
  if (unitId === null) return null
  const back = (
    <Link to="/dashboard/whitebox-tests" search={{ unit }}>
      <Trans>Back to your results</Trans>
    </Link>
  )
  return <TestResultPage unitId={unitId} testId={testId} back={back} />
}
