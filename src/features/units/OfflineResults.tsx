import { Trans, useLingui } from '@lingui/react/macro'
import type { PanelScope } from '../../api/units.api'
import { numberFormat } from '../../lib/number-format'
import { matchUnits } from '../../lib/unit-match'
import { useCachedUnits } from './cached-units'
import { CachedUnitList } from './CachedUnitList'
import { SearchRule } from './SearchRule'
import styles from './Units.module.css'

/**
 * Issue 6 §5: offline, the search runs over the units saved on this device (opened here in the
 * last 30 days) by the same rules as online; the search box says so. A blank term lists them all.
 */
export function OfflineResults({ panelId, term }: { panelId: PanelScope; term: string }) {
  const { i18n } = useLingui()
  const cached = useCachedUnits(panelId)
  const found = term.trim() === '' ? cached : matchUnits(cached, term, { trim: true })
  // In the page's digits (Arabic-Indic in ar-SA), as the unit numbers beside it are.
  const count = numberFormat(i18n.locale).format(found.length)
  return (
    <section className={styles.results} aria-labelledby="offline-results-title">
      <h2 id="offline-results-title" className={styles.sectionTitle}>
        {term.trim() === '' ? (
          <Trans>Units saved on this device</Trans>
        ) : (
          <Trans>Results for “{term}”</Trans>
        )}
      </h2>
      <p className={styles.count} aria-live="polite" aria-atomic="true">
        {found.length === 0 ? (
          <Trans>No unit saved on this device matches.</Trans>
        ) : (
          <Trans>{count} saved on this device</Trans>
        )}
      </p>
      {found.length === 0 && term.trim() !== '' ? <SearchRule /> : null}
      {found.length > 0 ? <CachedUnitList units={found} /> : null}
    </section>
  )
}
