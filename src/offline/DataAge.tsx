import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { DATA_AGE_THRESHOLD_MS, formatDataAge, shouldShowDataAge } from '../lib/data-age'
import { useOnline } from './online-state'
import styles from './DataAge.module.css'

/** The label is re-rendered this often, so "3 min ago" keeps up with the clock. */
const TICK_MS = 60_000

function useNow(): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now())
    }, TICK_MS)
    return () => {
      clearInterval(timer)
    }
  }, [])
  return now
}

function useAge(updatedAt: number, fresh: boolean): { now: number; stale: boolean } {
  const online = useOnline()
  const now = useNow()
  return { now, stale: shouldShowDataAge({ updatedAt, now, online, fresh }) }
}

/**
 * How old a query's data is, and whether the screen should say so (offline, or online once it is
 * over a minute old and past its stale time).
 */
export function useDataAge(query: Pick<UseQueryResult, 'dataUpdatedAt' | 'isStale'>): {
  updatedAt: number
  stale: boolean
} {
  const { stale } = useAge(query.dataUpdatedAt, !query.isStale)
  return { updatedAt: query.dataUpdatedAt, stale }
}

export type DataAgeProps = {
  /** When the data was fetched (ms since the epoch), e.g. a query's `dataUpdatedAt`. */
  updatedAt: number
  /** Show even when the data is fresh and the app online. */
  always?: boolean
  /** Whether the data is within its query's stale time (`!query.isStale`): not labelled online. */
  fresh?: boolean
}

/**
 * "Data from 14:02, 3 hr ago" in the active locale (the date too when not today). Shown when the app
 * is offline, or when the data is over a minute old and no longer fresh; refreshed every minute.
 */
export function DataAge({ updatedAt, always = false, fresh = false }: DataAgeProps) {
  const { i18n } = useLingui()
  const { now, stale } = useAge(updatedAt, fresh)
  if (updatedAt <= 0 || (!always && !stale)) return null
  const { when, ago, iso } = formatDataAge(updatedAt, { now, locale: i18n.locale })
  // Under a minute old (shown offline): the time says it all ("Data from 16:30, now" read oddly).
  const recent = now - updatedAt < DATA_AGE_THRESHOLD_MS
  return (
    <p className={styles.age}>
      {recent ? (
        <Trans>
          Data from <time dateTime={iso}>{when}</time>
        </Trans>
      ) : (
        <Trans>
          Data from <time dateTime={iso}>{when}</time>, {ago}
        </Trans>
      )}
    </p>
  )
}
