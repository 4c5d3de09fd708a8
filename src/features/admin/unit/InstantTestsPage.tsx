import { useId } from 'react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Card } from '../../../ui'
import { InstantTestHistory } from '../../instant-test'
import styles from './AdminUnit.module.css'

/**
 * /admin/unit/{unitId}/instant-tests (seeds 001 §2.6): the unit's instant tests, newest first, in
 * the engineer's words; each finished one links to its result page, titled by its test id.
 */
export function InstantTestsPage({ unitId }: { unitId: number }) {
  const titleId = useId()
  const params = { unitId: String(unitId) }
  return (
    <Card>
      <h2 className={styles.heading} id={titleId}>
        <Trans>Instant tests</Trans>
      </h2>
      <InstantTestHistory
        unitId={unitId}
        wording="engineer"
        labelledBy={titleId}
        empty={<Trans>No instant test has been run on this unit yet.</Trans>}
        resultLink={(testId) => (
          <Link
            to="/admin/unit/$unitId/results/$testId"
            params={{ ...params, testId }}
            className={styles.link}
          >
            <Trans>
              Test <span className={styles.testId}>{testId}</span>
            </Trans>
          </Link>
        )}
      />
    </Card>
  )
}
