import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useDashboardUnitId, WhiteboxTestsPage } from '../../features/consumer'
import {
  DEFAULT_DISCONNECTION_PERIOD,
  DEFAULT_PERIOD,
  DISCONNECTION_PERIODS,
  PERIODS,
} from '../../lib/periods'

// Periods live in the URL, so reload and back keep them (an unknown value falls back).
const WhiteboxTestsSearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(PERIODS), DEFAULT_PERIOD), DEFAULT_PERIOD),
  disconnections: v.fallback(
    v.optional(v.picklist(DISCONNECTION_PERIODS), DEFAULT_DISCONNECTION_PERIOD),
    DEFAULT_DISCONNECTION_PERIOD,
  ),
})

export const Route = createFileRoute('/_authed/dashboard/whitebox-tests')({
  validateSearch: WhiteboxTestsSearchSchema,
  component: WhiteboxTestsRoute,
})

function WhiteboxTestsRoute() {
  const { unit, period, disconnections } = Route.useSearch()
  const navigate = Route.useNavigate()
  const unitId = useDashboardUnitId(unit)
  if (unitId === null) return null
  return (
    <WhiteboxTestsPage
      unitId={unitId}
      period={period}
      disconnectionPeriod={disconnections}
      // A period is a choice on the page, not a new page: the page stays where it is scrolled.
      onPeriodChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, period: next }), resetScroll: false })
      }
      onDisconnectionPeriodChange={(next) =>
        void navigate({
          search: (prev) => ({ ...prev, disconnections: next }),
          resetScroll: false,
        })
      }
      onOpenTest={(testId) =>
        void navigate({
          to: '/dashboard/results/$testId',
          params: { testId },
          search: { unit, period, disconnections },
        })
      }
    />
  )
}
