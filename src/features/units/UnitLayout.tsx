import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { unitDetailQueryOptions } from '../../api/units.api'
import { useDataAge } from '../../offline/DataAge'
import { QueryStatus } from '../../offline/QueryStatus'
import { PageTitle } from '../../ui'
import { TabLink, TabNav } from '../../ui/TabNav'
import { UnitHeader } from './UnitHeader'
import { formatIdNumber } from '../../lib/number-format'
import styles from './Units.module.css'

/**
 * The frame of /units/{unitId} (seeds 001 §2.4): title, the unit's header with its offline state
 * and the age of saved data, the two tabs, then the tab. The tabs wait for the unit: without it
 * (refused, or offline and never opened here) only the reason is shown.
 */
export function UnitLayout({ unitId, children }: { unitId: number; children: ReactNode }) {
  const { i18n, t } = useLingui()
  const unitNumber = formatIdNumber(i18n.locale, unitId)
  const query = useQuery(unitDetailQueryOptions(unitId))
  const age = useDataAge(query)
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
            <TabNav label={t`Unit pages`} fill>
              <TabLink to="/units/$unitId/test-results" params={params}>
                <Trans>Test results</Trans>
              </TabLink>
              <TabLink to="/units/$unitId/customer-results" params={params}>
                <Trans>Customer’s view</Trans>
              </TabLink>
            </TabNav>
            {children}
          </>
        )}
      </QueryStatus>
    </div>
  )
}
