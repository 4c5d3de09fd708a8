import { useId, useState, type SyntheticEvent } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  checkFixedRange,
  isoDateOf,
  LAST_DAYS_OPTIONS,
  MAX_FIXED_RANGE_DAYS,
  type DateRangeChoice,
  type DateRangeError,
} from '../../lib/date-range'
import { Button, TextField } from '../../ui'
import styles from './ConsumerAnalytics.module.css'

const DAY_MS = 86_400_000

const ERRORS: Record<DateRangeError, MessageDescriptor> = {
  MISSING: msg`Enter both dates.`,
  INVALID: msg`Enter real dates.`,
  FUTURE: msg`The dates cannot be after today.`,
  TO_BEFORE_FROM: msg`The end date must be on or after the start date.`,
  TOO_LONG: msg`Choose at most ${MAX_FIXED_RANGE_DAYS} days.`,
}

export type DateRangeFormProps = {
  choice: DateRangeChoice
  /** Now, ms since the epoch (today's date bounds the fixed dates). */
  now: number
  onChange: (choice: DateRangeChoice) => void
}

/**
 * Seeds 000 §2.6 date range: the last 7, 14, 30 or 90 days at one tap, or fixed dates (to on or
 * after from, at most 92 days, not after today) applied with Show.
 */
export function DateRangeForm({ choice, now, onChange }: DateRangeFormProps) {
  const { i18n, t } = useLingui()
  const name = useId()
  const today = isoDateOf(now)
  const [mode, setMode] = useState<DateRangeChoice['kind']>(choice.kind)
  const [from, setFrom] = useState(
    choice.kind === 'fixed' ? choice.from : isoDateOf(now - 29 * DAY_MS),
  )
  const [to, setTo] = useState(choice.kind === 'fixed' ? choice.to : today)
  const [error, setError] = useState<DateRangeError | null>(null)

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = checkFixedRange(from, to, today)
    setError(problem)
    if (problem === null) onChange({ kind: 'fixed', from, to })
  }

  const message = error === null ? undefined : i18n._(ERRORS[error])
  const fromIsWrong = error === 'MISSING' ? from === '' : error === 'INVALID'

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        <Trans>Date range</Trans>
      </legend>
      <div className={styles.chips}>
        {LAST_DAYS_OPTIONS.map((days) => (
          <label key={days} className={styles.chip}>
            <input
              type="radio"
              name={name}
              checked={mode === 'last' && choice.kind === 'last' && choice.days === days}
              onChange={() => {
                setMode('last')
                setError(null)
                onChange({ kind: 'last', days })
              }}
            />
            <span>
              <Plural value={days} one="Last # day" other="Last # days" />
            </span>
          </label>
        ))}
        <label className={styles.chip}>
          <input
            type="radio"
            name={name}
            checked={mode === 'fixed'}
            onChange={() => {
              setMode('fixed')
            }}
          />
          <span>
            <Trans>Fixed dates</Trans>
          </span>
        </label>
      </div>
      {mode === 'fixed' ? (
        <form className={styles.fixedDates} onSubmit={handleSubmit} noValidate>
          <TextField
            type="date"
            label={t`From`}
            value={from}
            max={today}
            onChange={(event) => {
              setFrom(event.target.value)
            }}
            error={fromIsWrong ? message : undefined}
          />
          <TextField
            type="date"
            label={t`To`}
            value={to}
            min={from === '' ? undefined : from}
            max={today}
            onChange={(event) => {
              setTo(event.target.value)
            }}
            error={fromIsWrong ? undefined : message}
          />
          <Button type="submit" variant="secondary">
            <Trans>Show</Trans>
          </Button>
        </form>
      ) : null}
    </fieldset>
  )
}
