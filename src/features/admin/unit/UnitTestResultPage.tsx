import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { adminUnitQuery } from '../../../api/admin-unit.api'
import { TestResultPage } from '../../consumer/parts'
import { useAdmin } from '../shared'
import styles from './AdminUnit.module.css'
import { formatIdNumber } from '../../../lib/number-format'

/**
 * /admin/unit/{unitId}/results/{testId} (seeds 001 §2.6): one test's result page, titled by its
 * test id and offering sharing (the dashboard's page), with the way back to the unit's tests. The
 * speeds are judged against the unit's package as the admin API reads it (the unit is not one of
 * the admin's own accessible units); until it loads, no verdict against a package is given.
 */
export function UnitTestResultPage({ unitId, testId }: { unitId: number; testId: string }) {
  const admin = useAdmin()
  const unit = useQuery(adminUnitQuery(admin.panelId, unitId))
  const { i18n } = useLingui()
  const id = String(unitId)
  const unitNumber = formatIdNumber(i18n.locale, unitId)
  return (
    <div className={styles.page}>
      <TestResultPage
        unitId={unitId}
        testId={testId}
        packageInfo={unit.data?.package ?? null}
        back={
          <Link
            to="/admin/unit/$unitId/instant-tests"
            params={{ unitId: id }}
            className={styles.back}
          >
            <Trans>Instant tests of unit {unitNumber}</Trans>
          </Link>
        }
      />
    </div>
  )
}
