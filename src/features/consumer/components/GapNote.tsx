import { Plural, Trans } from '@lingui/react/macro'
import styles from '../Dashboard.module.css'

/** Under a chart: how many points have no value and why (they are gaps, never zeros). */
export function GapNote({ missing }: { missing: Record<string, number> }) {
  const entries = Object.entries(missing).filter(([, n]) => n > 0)
  if (entries.length === 0) return null
  return (
    <p className={styles.note}>
      <Trans>Gaps in the line:</Trans>{' '}
      {entries.map(([status, n], index) => (
        <span key={status}>
          {index > 0 ? ' · ' : null}
          <GapCount status={status} n={n} />
        </span>
      ))}
    </p>
  )
}

function GapCount({ status, n }: { status: string; n: number }) {
  switch (status) {
    case 'ERROR':
      return <Plural value={n} one="# failed test" other="# failed tests" />
    case 'DEVICE_CANT_RUN_TEST':
      return (
        <Plural
          value={n}
          one="# test the Whitebox could not run"
          other="# tests the Whitebox could not run"
        />
      )
    case 'NO_VALUE':
      return <Plural value={n} one="# reading without a value" other="# readings without a value" />
    default:
      return <Plural value={n} one="# without data" other="# without data" />
  }
}
