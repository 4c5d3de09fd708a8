import { useState, type KeyboardEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { CONSUMER_METRIC_KEYS, type ConsumerMetricKey } from '#contracts/metrics.ts'
import {
  isAlwaysShown,
  isSelectable,
  MAX_SELECTED_METRICS,
  toggleMetric,
} from '../../../lib/metric-selection'
import { Checkbox } from '../../../ui'
import { formatNumber } from '../format'
import { metricName } from '../metric-names'
import styles from '../Dashboard.module.css'

export type MetricPickerProps = {
  selection: readonly ConsumerMetricKey[]
  /** The metrics the unit reports; null when unknown (every metric is offered). */
  available: readonly string[] | null
  onChange: (selection: ConsumerMetricKey[]) => void
}

/**
 * Seeds 9: the user picks at most six metrics; a seventh is refused with a message saying why.
 * Always-shown metrics are listed apart: they are not picked and do not count.
 */
export function MetricPicker({ selection, available, onChange }: MetricPickerProps) {
  const { i18n, t } = useLingui()
  const [message, setMessage] = useState('')
  const offered = CONSUMER_METRIC_KEYS.filter(
    (key) => available === null || available.includes(key) || selection.includes(key),
  )
  const selectable = offered.filter((key) => isSelectable(key))
  const alwaysShown = offered.filter((key) => isAlwaysShown(key))
  // In the page's digits, as every number (Arabic-Indic in ar-SA).
  const count = formatNumber(i18n.locale, selection.length)
  const max = formatNumber(i18n.locale, MAX_SELECTED_METRICS)
  const alwaysShownNames = alwaysShown.map((key) => metricName(i18n, key)).join(', ')

  const handleToggle = (key: ConsumerMetricKey) => {
    const result = toggleMetric(selection, key)
    if (result.outcome === 'refused-limit') {
      setMessage(t`You can show up to ${max} metrics. Remove one to add another.`)
      return
    }
    setMessage('')
    onChange(result.selection)
  }

  // A disclosure, not a dialog, yet it reads as a pop-over: Escape closes it, focus back on its summary.
  const handleKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget
    if (event.key !== 'Escape' || !details.open) return
    event.preventDefault()
    details.open = false
    details.querySelector('summary')?.focus()
  }

  return (
    <details className={styles.picker} onKeyDown={handleKeyDown}>
      <summary>
        <Trans>
          Choose metrics ({count} of {max})
        </Trans>
      </summary>
      <div className={styles.pickerBody}>
        <fieldset>
          <legend>
            <Trans>Show up to {max} metrics</Trans>
          </legend>
          {selectable.map((key) => (
            <Checkbox
              key={key}
              label={metricName(i18n, key)}
              checked={selection.includes(key)}
              onChange={() => {
                handleToggle(key)
              }}
            />
          ))}
        </fieldset>
        {alwaysShown.length > 0 ? (
          <p className={styles.note}>
            <Trans>Always shown: {alwaysShownNames}</Trans>
          </p>
        ) : null}
        <p role="status" className={styles.note}>
          {message}
        </p>
      </div>
    </details>
  )
}
