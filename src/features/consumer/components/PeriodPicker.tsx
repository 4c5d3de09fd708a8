import { useLingui } from '@lingui/react/macro'
import type { DisconnectionPeriod, Period } from '../../../lib/periods'
import { PERIOD_LABELS } from '../period-labels'
import { SegmentedControl } from './SegmentedControl'

export type PeriodPickerProps<T extends Period | DisconnectionPeriod> = {
  periods: readonly T[]
  value: T
  onChange: (period: T) => void
  /** What the periods are for ("Period of the results"). */
  legend: string
}

/** The period choice of a chart group (seeds 9 periods). */
export function PeriodPicker<T extends Period | DisconnectionPeriod>({
  periods,
  value,
  onChange,
  legend,
}: PeriodPickerProps<T>) {
  const { i18n } = useLingui()
  return (
    <SegmentedControl
      legend={legend}
      value={value}
      onChange={onChange}
      options={periods.map((period) => ({ value: period, label: i18n._(PERIOD_LABELS[period]) }))}
    />
  )
}
