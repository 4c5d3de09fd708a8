import { useLingui } from '@lingui/react/macro'
import type { AnomalyState } from '#contracts/anomalies.ts'
import { STATE_NAMES } from './anomaly-words'
import styles from './FaultFinder.module.css'

/** A collection's or an anomaly's state (new, ongoing, closed) in words, its colour a second cue. */
export function StateBadge({ state }: { state: AnomalyState }) {
  const { i18n } = useLingui()
  return (
    <span className={styles.badge} data-state={state}>
      {i18n._(STATE_NAMES[state])}
    </span>
  )
}
