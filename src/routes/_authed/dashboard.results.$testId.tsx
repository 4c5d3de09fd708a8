import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { TestResultPage, useDashboardUnitId } from '../../features/consumer'
import { DISCONNECTION_PERIODS, PERIODS } from '../../lib/periods'

// The dashboard's periods the page was opened from, so "Back" returns to the same charts.
const TestResultSearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(PERIODS)), undefined),
  disconnections: v.fallback(v.optional(v.picklist(DISCONNECTION_PERIODS)), undefined),
})

// Seeds 000 §2.6: a test's result page, titled by its id (the unit in the `unit` search parameter).
export const Route = createFileRoute('/_authed/dashboard/results/$testId')({
  validateSearch: TestResultSearchSchema,
  component: TestResultRoute,
})

function TestResultRoute() {
  const { testId } = Route.useParams()
  const { unit, period, disconnections } = Route.useSearch()
  const unitId = useDashboardUnitId(unit)
  if (unitId === null) return null
  const back = (
    <Link to="/dashboard/whitebox-tests" search={{ unit, period, disconnections }}>
      <Trans>Back to your results</Trans>
    </Link>
  )
  return <TestResultPage unitId={unitId} testId={testId} back={back} />
}
