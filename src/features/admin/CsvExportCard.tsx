import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { NetworkError } from '../../api/http'
import { Alert, Button, Card } from '../../ui'
import { downloadTextFile } from '../../ui/download-file'
import styles from './Admin.module.css'

/** An export's answer: the file, or (a large export, seeds 001 §2.6) an email to follow. */
export type CsvExport = { kind: 'file'; fileName: string; text: string } | { kind: 'mailed' }

/**
 * An admin section's CSV export card: a download button, the file saved when it comes, "an email
 * will follow" when the server mails it, and what went wrong (offline or not) otherwise.
 */
export function CsvExportCard({
  description,
  run,
}: {
  description: ReactNode
  run: () => Promise<CsvExport>
}) {
  const { t } = useLingui()
  const [state, setState] = useState<'idle' | 'busy' | 'mailed' | 'failed' | 'offline'>('idle')
  const handleExport = async () => {
    setState('busy')
    try {
      const result = await run()
      if (result.kind === 'mailed') setState('mailed')
      else {
        downloadTextFile(result.fileName, result.text)
        setState('idle')
      }
    } catch (error) {
      setState(error instanceof NetworkError ? 'offline' : 'failed')
    }
  }
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Export</Trans>
      </h2>
      <p className={styles.muted}>{description}</p>
      {state === 'mailed' ? (
        <Alert variant="success" title={<Trans>An email will follow</Trans>}>
          <Trans>This export is large: the file is being prepared and sent to you by email.</Trans>
        </Alert>
      ) : null}
      {state === 'failed' ? (
        <Alert variant="error">{t`The export could not be made. Try again.`}</Alert>
      ) : null}
      {state === 'offline' ? (
        <Alert variant="info">{t`You are offline: export once you are back online.`}</Alert>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" loading={state === 'busy'} onClick={() => void handleExport()}>
          <Trans>Download CSV</Trans>
        </Button>
      </div>
    </Card>
  )
}
