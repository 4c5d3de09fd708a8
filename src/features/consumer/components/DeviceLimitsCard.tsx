import { Trans, useLingui } from '@lingui/react/macro'
import { formatMetricValue } from '../format'
import styles from '../Dashboard.module.css'

/** Seeds 9 device limit example: a newer phone can reach 890 Mbps, an older one 80 Mbps. */
export const DEVICE_LIMITS_MBPS = { newer: 890, older: 80 } as const

/** Why a speed test on a phone can read lower than the Whitebox: the phone itself is the limit. */
export function DeviceLimitsCard() {
  const { i18n } = useLingui()
  const newer = formatMetricValue(i18n, DEVICE_LIMITS_MBPS.newer, 'Mbps')
  const older = formatMetricValue(i18n, DEVICE_LIMITS_MBPS.older, 'Mbps')
  return (
    <section className={styles.panel} aria-labelledby="device-limits-title">
      <h2 id="device-limits-title" className={styles.panelTitle}>
        <Trans>Mobile device limits</Trans>
      </h2>
      <p className={styles.note}>
        <Trans>
          A test on your phone measures the phone as well as your line: a newer phone can reach{' '}
          {newer}, an older one about {older}. Your Whitebox is wired to your router, so its results
          show what your connection itself delivers.
        </Trans>
      </p>
    </section>
  )
}
