import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { UnitCustomerResultsPage } from '../../features/units/UnitCustomerResultsPage'
import {
  DEFAULT_DISCONNECTION_PERIOD,
  DEFAULT_PERIOD,
  DISCONNECTION_PERIODS,
  PERIODS,
} from '../../lib/periods'

const CustomerResultsSearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(PERIODS), DEFAULT_PERIOD), DEFAULT_PERIOD),
  disconnections: v.fallback(
    v.optional(v.picklist(DISCONNECTION_PERIODS), DEFAULT_DISCONNECTION_PERIOD),
    DEFAULT_DISCONNECTION_PERIOD,
  ),
})

// Issue 6 §4: the customer's view of this unit's results, read only.
export const Route = createFileRoute('/_authed/units/$unitId/customer-results')({
  validateSearch: CustomerResultsSearchSchema,
  search: {
    middlewares: [
      stripSearchParams({ period: DEFAULT_PERIOD, disconnections: DEFAULT_DISCONNECTION_PERIOD }),
    ],
  },
  component: CustomerResultsRoute,
})

function CustomerResultsRoute() {
  const { unitId } = Route.useParams()
  const { period, disconnections } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UnitCustomerResultsPage
      unitId={Number(unitId)}
      period={period}
      disconnectionPeriod={disconnections}
      onPeriodChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, period: next }), resetScroll: false })
      }
      onDisconnectionPeriodChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, disconnections: next }), resetScroll: false })
      }
    />
  )
}
