import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { formatDataAge, shouldShowDataAge } from '../lib/data-age'
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

function useAge(updatedAt: number): { now: number; stale: boolean } {
  const online = useOnline()
  const now = useNow()
  return { now, stale: shouldShowDataAge({ updatedAt, now, online }) }
}

/** How old a query's data is, and whether the screen should say so (offline, or over a minute old). */
export function useDataAge(query: Pick<UseQueryResult, 'dataUpdatedAt'>): {
  updatedAt: number
  stale: boolean
} {
  const { stale } = useAge(query.dataUpdatedAt)
  return { updatedAt: query.dataUpdatedAt, stale }
}

export type DataAgeProps = {
  /** When the data was fetched (ms since the epoch), e.g. a query's `dataUpdatedAt`. */
  updatedAt: number
  /** Show even when the data is fresh and the app online. */
  always?: boolean
}

/**
 * "Data from 14:02, 3 hr ago" in the active locale (the date too when not today). Shown when the data
 * is over a minute old or the app is offline; refreshed every minute.
 */
export function DataAge({ updatedAt, always = false }: DataAgeProps) {
  const { i18n } = useLingui()
  const { now, stale } = useAge(updatedAt)
  if (updatedAt <= 0 || (!always && !stale)) return null
  const { when, ago, iso } = formatDataAge(updatedAt, { now, locale: i18n.locale })
  return (
    <p className={styles.age}>
      <Trans>
        Data from <time dateTime={iso}>{when}</time>, {ago}
      </Trans>
    </p>
  )
}
