import type { ReactNode } from 'react'
import type { DisconnectionPeriod, Period } from '../../../lib/periods'
import { PeriodPicker, type PeriodPickerProps } from './PeriodPicker'
import styles from '../Dashboard.module.css'

export type PeriodToolbarProps<T extends Period | DisconnectionPeriod> = PeriodPickerProps<T> & {
  /** Id of the heading (the chart group's section is labelled by it). */
  titleId: string
  title: ReactNode
}

/** A chart group's title bar: its heading, then its period choice. */
export function PeriodToolbar<T extends Period | DisconnectionPeriod>({
  titleId,
  title,
  ...picker
}: PeriodToolbarProps<T>) {
  return (
    <div className={styles.toolbar}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      <PeriodPicker {...picker} />
    </div>
  )
}
