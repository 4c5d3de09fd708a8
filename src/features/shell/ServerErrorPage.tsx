import { Trans, useLingui } from '@lingui/react/macro'
import { Button, PageTitle } from '../../ui'
import { forgetChunkFailures } from './chunk-recovery'
import { pageLoad } from './page-reload'
import styles from './ErrorPages.module.css'

/** /500 (seeds 000 §8.1 "Server 500"): what happened and when to try again. */
export function ServerErrorPage() {
  const { t } = useLingui()
  const handleRetry = () => {
    // The user asks for another go: a failing file may reload once more.
    forgetChunkFailures()
    // A fresh load of the app's start: it sends the user to their default page (or sign-in). Going
    // back in history could leave the app when /500 was opened from outside.
    pageLoad.assign('/')
  }
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Something went wrong – Whitebox`}>
        <Trans>Something went wrong on our side</Trans>
      </PageTitle>
      <p className={styles.text}>
        <Trans>
          We could not load this page. This is usually temporary: please wait a few minutes and try
          again. If it keeps happening, check your connection or contact us.
        </Trans>
      </p>
      <p className={styles.actions}>
        <Button onClick={handleRetry}>
          <Trans>Try again</Trans>
        </Button>
      </p>
    </div>
  )
}
