import { useEffect } from 'react'
import { isNotFound, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { isChunkLoadError } from '../../lib/chunk-load'
import { Button, PageTitle, Spinner } from '../../ui'
import { recoverFromChunkError } from './chunk-recovery'
import { NotFoundPage } from './NotFoundPage'
import styles from './ErrorPages.module.css'

/** A route failed to load or render: recover from a missing chunk, else offer a retry. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui()
  const router = useRouter()
  const chunkError = isChunkLoadError(error)

  useEffect(() => {
    if (chunkError) recoverFromChunkError(error)
  }, [chunkError, error])

  // A page that throws notFound() while rendering lands here inside the layout.
  if (isNotFound(error)) return <NotFoundPage />

  if (chunkError) {
    return (
      <div className={styles.page}>
        <Spinner label={t`Loading the latest version…`} />
      </div>
    )
  }

  const handleRetry = () => {
    reset()
    void router.invalidate()
  }

  return (
    <div className={styles.page} role="alert">
      <PageTitle documentTitle={t`Something went wrong – Whitebox`}>
        <Trans>Something went wrong</Trans>
      </PageTitle>
      <p className={styles.text}>
        <Trans>This part of the page could not be shown. Try again in a moment.</Trans>
      </p>
      <p className={styles.actions}>
        <Button onClick={handleRetry}>
          <Trans>Try again</Trans>
        </Button>
      </p>
    </div>
  )
}
