import { Trans } from '@lingui/react/macro'
import type { Anomaly } from '#contracts/anomalies.ts'
import { useAnomalyWords } from './anomaly-words'
import styles from './FaultFinder.module.css'

/**
 * One anomaly in a line: its type and metric with the change ("Download −55% (41 Mbps, usually
 * 92 Mbps)"), then whether that is worse or better than usual, in words.
 */
export function AnomalyLine({ anomaly }: { anomaly: Anomaly }) {
  const { line, verdict } = useAnomalyWords(anomaly)
  return (
    <span className={styles.line}>
      {line}
      {verdict === null ? null : (
        <>
          {' '}
          <span className={styles.verdict} data-verdict={verdict}>
            {verdict === 'worse' ? <Trans>worse</Trans> : <Trans>better</Trans>}
          </span>
        </>
      )}
    </span>
  )
}
