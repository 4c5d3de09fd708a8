import type { ReactNode } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { ApiError, INVALID_RESPONSE, NetworkError } from '../api/http'
import { Alert, Button, Spinner } from '../ui'
import { DataAge } from './DataAge'
import styles from './QueryStatus.module.css'

/** What went wrong with a query, in words the user can act on. */
export function queryErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof NetworkError) {
    return msg`Could not reach the server. Check your connection and try again.`
  }
  if (!(error instanceof ApiError)) return msg`Something went wrong. Try again.`
  if (error.code === INVALID_RESPONSE) {
    return msg`The server sent an answer this version of the app does not understand. Reload the app and try again.`
  }
  if (error.status === 401) return msg`Your session has ended. Sign in again to see this.`
  if (error.status === 403) return msg`You do not have access to this.`
  if (error.status === 404) return msg`This could not be found.`
  if (error.status === 429) return msg`Too many requests. Wait a moment and try again.`
  if (error.status >= 500) return msg`The server could not answer. Try again in a moment.`
  return msg`Something went wrong. Try again.`
}

export type QueryStatusProps<TData> = {
  query: UseQueryResult<TData>
  /** Renders the data once there is some. */
  children: (data: TData) => ReactNode
  /** Whether the data counts as "nothing to show". */
  isEmpty?: (data: TData) => boolean
  /** Shown instead of the children when `isEmpty` says so. */
  empty?: ReactNode
}

function RetryButton({ query }: { query: UseQueryResult }) {
  return (
    <Button
      variant="secondary"
      loading={query.fetchStatus === 'fetching'}
      onClick={() => {
        void query.refetch()
      }}
    >
      <Trans>Retry</Trans>
    </Button>
  )
}

/**
 * A query's states in one place: loading, paused because offline with nothing saved, failed (each
 * with Retry), empty, or the data with its age. A paused query never shows an endless skeleton.
 */
export function QueryStatus<TData>({ query, children, isEmpty, empty }: QueryStatusProps<TData>) {
  const { i18n, t } = useLingui()
  const { data } = query

  if (data === undefined) {
    if (query.fetchStatus === 'paused') {
      return (
        <div className={styles.state}>
          {/* The offline banner says the app is offline: the card says what that means here. */}
          <Alert variant="warning" title={<Trans>Not saved on this device yet</Trans>}>
            <Trans>It loads when you are back online.</Trans>
          </Alert>
          <RetryButton query={query} />
        </div>
      )
    }
    if (query.status === 'error') {
      return (
        <div className={styles.state}>
          <Alert variant="error" title={<Trans>This could not be loaded</Trans>}>
            {i18n._(queryErrorMessage(query.error))}
          </Alert>
          <RetryButton query={query} />
        </div>
      )
    }
    // A disabled query (fetchStatus idle) has nothing to wait for: show nothing rather than a spinner.
    if (query.fetchStatus === 'idle') return null
    return (
      <div className={styles.loading}>
        <Spinner label={t`Loading…`} />
      </div>
    )
  }

  return (
    <div className={styles.content}>
      {query.status === 'error' ? (
        <div className={styles.state}>
          <Alert variant="warning" title={<Trans>This could not be refreshed</Trans>}>
            {i18n._(queryErrorMessage(query.error))}
          </Alert>
          <RetryButton query={query} />
        </div>
      ) : null}
      <DataAge
        updatedAt={query.dataUpdatedAt}
        always={query.status === 'error'}
        fresh={!query.isStale}
      />
      {isEmpty?.(data) === true
        ? (empty ?? (
            <p className={styles.empty}>
              <Trans>Nothing to show yet.</Trans>
            </p>
          ))
        : children(data)}
    </div>
  )
}
