import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { AgentSort } from '#contracts/unit-search.ts'
import { useOnline } from '../../offline/online-state'
import { useSession } from '../../session'
import { PageTitle } from '../../ui'
import { unitSearchScope } from './access'
import { AgentResults } from './AgentResults'
import { OfflineResults } from './OfflineResults'
import { RecentUnits } from './RecentUnits'
import { UnitSearchBox } from './UnitSearchBox'
import styles from './Units.module.css'

export type UnitSearchPageProps = {
  /** The searched term (`q`). */
  term: string
  /** `showResults`: the results list is open (state loaded or error), else the state is new. */
  showResults: boolean
  sort: AgentSort
  onSortChange: (sort: AgentSort) => void
}

/**
 * Seeds 001 §2.4 unit search (constant care) on the selected panel: the search box (with the
 * scanner on phones), the results list, and the units opened on this device. Offline the search
 * runs over those saved units.
 */
export function UnitSearchPage({ term, showResults, sort, onSortChange }: UnitSearchPageProps) {
  const { t } = useLingui()
  const session = useSession()
  const online = useOnline()
  const panelId = unitSearchScope(session)
  if (!session || panelId === null) return null
  const panelName =
    panelId === 'all'
      ? t`All panels`
      : session.accessibles.apollo.find((p) => p.pid === panelId)?.front_name

  return (
    <div className={styles.page}>
      <PageTitle
        documentTitle={t`Unit search – Whitebox`}
        subtitle={panelName !== undefined ? <Trans>Panel: {panelName}</Trans> : undefined}
      >
        <Trans>Unit search</Trans>
      </PageTitle>
      <div className={styles.searchCard}>
        <UnitSearchBox key={term} panelId={panelId} initialTerm={term} variant="page" />
        {online ? (
          <Link to="/units/search" search={{ showResults: true, sort }} className={styles.listAll}>
            {panelId === 'all' ? (
              <Trans>List all units</Trans>
            ) : (
              <Trans>List all units on this panel</Trans>
            )}
          </Link>
        ) : (
          <p className={styles.muted}>
            <Trans>
              You are offline: the search looks through the units opened on this device in the last
              30 days.
            </Trans>
          </p>
        )}
      </div>
      {showResults ? (
        online ? (
          <AgentResults
            key={`${String(panelId)}:${term}`}
            panelId={panelId}
            term={term}
            sort={sort}
            onSortChange={onSortChange}
          />
        ) : (
          <OfflineResults panelId={panelId} term={term} />
        )
      ) : null}
      {/* Offline, the results are drawn from the same saved units: not listed twice. */}
      {showResults && !online ? null : <RecentUnits panelId={panelId} />}
    </div>
  )
}
