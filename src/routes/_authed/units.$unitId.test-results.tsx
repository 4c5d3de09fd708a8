import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { UnitTestResultsPage } from '../../features/units/UnitTestResultsPage'
import {
  DEFAULT_DISCONNECTION_PERIOD,
  DEFAULT_PERIOD,
  DISCONNECTION_PERIODS,
  PERIODS,
} from '../../lib/periods'

// Periods and the all-metrics choice live in the URL, so reload and back keep them.
const TestResultsSearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(PERIODS), DEFAULT_PERIOD), DEFAULT_PERIOD),
  disconnections: v.fallback(
    v.optional(v.picklist(DISCONNECTION_PERIODS), DEFAULT_DISCONNECTION_PERIOD),
    DEFAULT_DISCONNECTION_PERIOD,
  ),
  all: v.fallback(v.optional(v.boolean(), false), false),
})

export const Route = createFileRoute('/_authed/units/$unitId/test-results')({
  validateSearch: TestResultsSearchSchema,
  search: {
    middlewares: [
      stripSearchParams({
        period: DEFAULT_PERIOD,
        disconnections: DEFAULT_DISCONNECTION_PERIOD,
        all: false,
      }),
    ],
  },
  component: TestResultsRoute,
})

function TestResultsRoute() {
  const { unitId } = Route.useParams()
  const { period, disconnections, all } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UnitTestResultsPage
      unitId={Number(unitId)}
      period={period}
      disconnectionPeriod={disconnections}
      allMetrics={all}
      onPeriodChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, period: next }), resetScroll: false })
      }
      onDisconnectionPeriodChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, disconnections: next }), resetScroll: false })
      }
      onAllMetricsChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, all: next }), resetScroll: false })
      }
    />
  )
}
