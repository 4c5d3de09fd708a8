import { Trans } from '@lingui/react/macro'
import { InstantTestHistory } from '../instant-test'
import styles from './Dashboard.module.css'

/** The RealSpeed tab: the unit's instant tests (seeds 2.6; shown only for flagged units). */
export function RealSpeedTestsPage({ unitId }: { unitId: number }) {
  return (
    <div className={styles.stack}>
      <section className={styles.section} aria-labelledby="realspeed-title">
        <h2 id="realspeed-title" className={styles.sectionTitle}>
          <Trans>RealSpeed tests</Trans>
        </h2>
        <p className={styles.note}>
          <Trans>
            Tests you started yourself, run by your Whitebox on your line, newest first.
          </Trans>
        </p>
        <InstantTestHistory unitId={unitId} labelledBy="realspeed-title" />
      </section>
    </div>
  )
}
