import { Trans, useLingui } from '@lingui/react/macro'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import { Checkbox } from '../../ui'
import { formatNumber, metricName } from '../consumer'
import styles from './ConsumerAnalytics.module.css'

export type MetricChoiceProps = {
  /** The metrics that can be chosen, in the order shown. */
  options: readonly ConsumerMetricKey[]
  chosen: readonly ConsumerMetricKey[]
  onChange: (chosen: ConsumerMetricKey[]) => void
}

/** The metrics to chart, folded away on phones behind a summary of how many are chosen. */
export function MetricChoice({ options, chosen, onChange }: MetricChoiceProps) {
  const { i18n } = useLingui()
  // In the page's digits, as every number (Arabic-Indic in ar-SA).
  const count = formatNumber(i18n.locale, chosen.length)
  return (
    <details className={styles.metricChoice}>
      <summary className={styles.summary}>
        <Trans>Metrics ({count} chosen)</Trans>
      </summary>
      <fieldset className={styles.metricList}>
        <legend className="wb-visually-hidden">
          <Trans>Metrics to show</Trans>
        </legend>
        {options.map((key) => (
          <Checkbox
            key={key}
            label={metricName(i18n, key)}
            checked={chosen.includes(key)}
            onChange={(event) => {
              const next = event.target.checked
                ? [...chosen, key]
                : chosen.filter((candidate) => candidate !== key)
              onChange(options.filter((option) => next.includes(option)))
            }}
          />
        ))}
      </fieldset>
    </details>
  )
}
