import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import styles from './InstantTestPanel.module.css'

/** The consumer's result page of a test (titled by its id, with share), for this unit. */
export function ResultLink({ testId, unitId }: { testId: string; unitId: number }) {
  return (
    <Link
      className={styles.link}
      to="/dashboard/results/$testId"
      params={{ testId }}
      search={{ unit: unitId }}
    >
      <Trans>See the full result</Trans>
    </Link>
  )
}
