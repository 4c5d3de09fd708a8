import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { unitDetailQueryOptions } from '../../api/units.api'
import { useDataAge } from '../../offline/DataAge'
import { QueryStatus } from '../../offline/QueryStatus'
import { PageTitle } from '../../ui'
import { UnitHeader } from './UnitHeader'
import { formatUnitNumber } from './unit-number'
import styles from './Units.module.css'

/**
 * The frame of /units/{unitId} (seeds 001 §2.4): title, the unit's header with its offline state
 * and the age of saved data, the two tabs, then the tab. The tabs wait for the unit: without it
 * (refused, or offline and never opened here) only the reason is shown.
 */
export function UnitLayout({ unitId, children }: { unitId: number; children: ReactNode }) {
  const { i18n, t } = useLingui()
  const unitNumber = formatUnitNumber(i18n.locale, unitId)
  const query = useQuery(unitDetailQueryOptions(unitId))
  const age = useDataAge(query)
  const activeProps = { className: `${styles.tab} ${styles.tabActive}` }
  const params = { unitId: String(unitId) }
  return (
    <div className={styles.page}>
      <Link to="/units/search" className={styles.back}>
        <span aria-hidden="true" className={styles.backMark}>
          ‹
        </span>
        <Trans>Unit search</Trans>
      </Link>
      <PageTitle documentTitle={t`Unit ${unitNumber} – Whitebox`}>
        <Trans>Unit {unitNumber}</Trans>
      </PageTitle>
      <QueryStatus query={query}>
        {(unit) => (
          <>
            <UnitHeader unit={unit} data={{ live: !age.stale, updatedAt: age.updatedAt }} />
            <nav aria-label={t`Unit pages`} className={styles.tabs}>
              <Link
                to="/units/$unitId/test-results"
                params={params}
                className={styles.tab}
                activeProps={activeProps}
              >
                <Trans>Test results</Trans>
              </Link>
              <Link
                to="/units/$unitId/customer-results"
                params={params}
                className={styles.tab}
                activeProps={activeProps}
              >
                <Trans>Customer’s view</Trans>
              </Link>
            </nav>
            {children}
          </>
        )}
      </QueryStatus>
    </div>
  )
}
