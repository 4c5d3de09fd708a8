import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DisconnectionPeriod, Period } from '../../lib/periods'

/** Button labels of the periods. */
export const PERIOD_LABELS: Record<Period | DisconnectionPeriod, MessageDescriptor> = {
  day: msg`Day`,
  week: msg`Week`,
  fortnight: msg`Fortnight`,
  month: msg`Month`,
  year: msg`Year`,
}

/** "in the last …" phrases of the periods, for summaries. */
export const PERIOD_SPANS: Record<Period | DisconnectionPeriod, MessageDescriptor> = {
  day: msg`in the last 24 hours`,
  week: msg`in the last 7 days`,
  fortnight: msg`in the last 14 days`,
  month: msg`in the last month`,
  year: msg`in the last year`,
}
