import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { TestResultPage } from '../../consumer/parts'
import styles from './AdminUnit.module.css'

/**
 * /admin/unit/{unitId}/results/{testId} (seeds 001 §2.6): one test's result page, titled by its
 * test id and offering sharing (the dashboard's page), with the way back to the unit's tests.
 */
export function UnitTestResultPage({ unitId, testId }: { unitId: number; testId: string }) {
  const id = String(unitId)
  return (
    <div className={styles.page}>
      <TestResultPage
        unitId={unitId}
        testId={testId}
        back={
          <Link
            to="/admin/unit/$unitId/instant-tests"
            params={{ unitId: id }}
            className={styles.back}
          >
            <Trans>Instant tests of unit {id}</Trans>
          </Link>
        }
      />
    </div>
  )
}
