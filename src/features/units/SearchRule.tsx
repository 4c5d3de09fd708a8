import { Trans, useLingui } from '@lingui/react/macro'
import { SERIAL_PREFIX_MIN_LENGTH } from '#contracts/unit-search.ts'
import { numberFormat } from '../../lib/number-format'
import styles from './Units.module.css'

/**
 * What a search term must be (seeds 001 §5), shown when a search finds nothing: the suggestions
 * while typing match any part of a unit opened here, the search itself does not.
 */
export function SearchRule() {
  const { i18n } = useLingui()
  const least = numberFormat(i18n.locale).format(SERIAL_PREFIX_MIN_LENGTH)
  return (
    <p className={styles.rule}>
      <Trans>
        The search takes a whole unit ID, email address or MAC address, or the start of a serial (
        {least} characters or more).
      </Trans>
    </p>
  )
}
