import { useState, type ReactNode } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CSV_MIME_TYPES, type CsvLineError } from '#contracts/admin.ts'
import { csvErrorsOf } from '../../api/admin.api'
import { ApiError, NetworkError } from '../../api/http'
import { formCodeMessage } from '../../forms'
import { useDataTableText } from '../../i18n/useDataTableText'
import { numberFormat } from '../../lib/number-format'
import { Alert, Button, Card } from '../../ui'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import styles from './Admin.module.css'

/** Whether a chosen file is CSV (its type, else its name: some systems give no type). */
export function isCsvFile(file: { name: string; type: string }): boolean {
  if ((CSV_MIME_TYPES as readonly string[]).includes(file.type)) return true
  return file.type === '' && /\.csv$/i.test(file.name)
}

/** A refused line's message: its line, its column and what is wrong there. */
export function useCsvLineText(): (error: CsvLineError) => string {
  const { t, i18n } = useLingui()
  return (error) => {
    const line = numberFormat(i18n.locale).format(error.line)
    const column = error.column
    const message = i18n._(
      column === undefined
        ? error.code === 'MISSING'
          ? msg`The file is empty.`
          : msg`This line cannot be read.`
        : error.code === 'ALLOWANCE_EXCEEDED'
          ? msg`This activation is past the monthly activation allowance.`
          : formCodeMessage(error.code, column),
    )
    return column === undefined
      ? t`Line ${line}: ${message}`
      : t`Line ${line}, ${column}: ${message}`
  }
}

/** A chosen CSV file as it is sent. */
export type CsvFile = { name: string; text: string; type: string }

type ImportState<Result> =
  | { step: 'idle' }
  | { step: 'checking' | 'applying'; preview?: Result }
  | { step: 'preview'; preview: Result }
  | { step: 'refused'; errors: CsvLineError[] }
  | { step: 'applied'; result: Result }
  | { step: 'failed'; offline: boolean }
  | { step: 'not-csv' }

/** What a check or an apply answers: whether it was applied, and the changes line by line. */
type ImportResult = { applied: boolean; changes: readonly { line: number }[] }

export type CsvImportCardProps<Result extends ImportResult> = {
  title: ReactNode
  /** What the file holds and the rule: previewed first, applied whole or not at all. */
  description: ReactNode
  /** Sends the file: without `apply` the server checks it and answers the changes it would make. */
  send: (file: CsvFile, apply: boolean) => Promise<Result>
  /** After the changes are applied (the lists to load again). */
  onApplied: (result: Result) => void
  /** The success message of an applied file. */
  applied: (result: Result) => ReactNode
  /** What a checked file would change, in a sentence (above the table of its changes). */
  previewText: (result: Result) => ReactNode
  /** The changes table's columns (a change a row, by its line in the file). */
  previewColumns: readonly DataTableColumn<Result['changes'][number]>[]
  /** Whether a checked file changes anything (else there is nothing to apply). */
  changes: (result: Result) => number
}

/**
 * Seeds 001 §5 / issue 25: a CSV upload card. The chosen file (CSV only) is checked first and its
 * changes shown; nothing changes until they are applied, and a file with any error is refused
 * whole with its lines. Offline and other failures are said; cancel drops the file.
 */
export function CsvImportCard<Result extends ImportResult>(props: CsvImportCardProps<Result>) {
  const { t } = useLingui()
  const { labels } = useDataTableText()
  const errorText = useCsvLineText()
  const [file, setFile] = useState<CsvFile | null>(null)
  const [state, setState] = useState<ImportState<Result>>({ step: 'idle' })

  const send = async (apply: boolean, chosen = file) => {
    if (!chosen) return
    setState(
      state.step === 'preview'
        ? { step: 'applying', preview: state.preview }
        : { step: 'checking' },
    )
    try {
      const result = await props.send(chosen, apply)
      if (result.applied) {
        setState({ step: 'applied', result })
        setFile(null)
        props.onApplied(result)
      } else setState({ step: 'preview', preview: result })
    } catch (error) {
      const errors = csvErrorsOf(error)
      if (errors !== null) setState({ step: 'refused', errors })
      else if (error instanceof ApiError && error.code === 'UNSUPPORTED_FORMAT') {
        setState({ step: 'not-csv' })
      } else setState({ step: 'failed', offline: error instanceof NetworkError })
    }
  }

  const choose = async (chosen: File | undefined) => {
    setState({ step: 'idle' })
    setFile(null)
    if (!chosen) return
    if (!isCsvFile(chosen)) {
      setState({ step: 'not-csv' })
      return
    }
    const read = { name: chosen.name, text: await chosen.text(), type: chosen.type || 'text/csv' }
    setFile(read)
    await send(false, read)
  }

  // The picker's input is made when asked for, never left in the page: the file dialog opens
  // from the button (keyboard and pointer alike), and the chosen file is read once.
  const pickFile = () => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = '.csv,text/csv'
    input.addEventListener('change', () => void choose(input.files?.[0]), { once: true })
    input.click()
  }

  const preview = state.step === 'preview' || state.step === 'applying' ? state.preview : undefined

  return (
    <Card>
      <h2 className={styles.heading}>{props.title}</h2>
      <p className={styles.muted}>{props.description}</p>
      <div className={styles.row}>
        <Button variant="secondary" onClick={pickFile} loading={state.step === 'checking'}>
          <Trans>Choose a CSV file</Trans>
        </Button>
        {file ? <span dir="auto">{file.name}</span> : null}
      </div>
      {state.step === 'checking' ? (
        <p className={styles.muted} role="status">
          <Trans>Checking the file…</Trans>
        </p>
      ) : null}
      {state.step === 'not-csv' ? (
        <Alert variant="error">
          <Trans>Choose a CSV file (.csv).</Trans>
        </Alert>
      ) : null}
      {state.step === 'failed' ? (
        <Alert variant="error">
          {state.offline
            ? t`You are offline: upload the file once you are back online.`
            : t`The file could not be sent. Try again.`}
        </Alert>
      ) : null}
      {state.step === 'refused' ? (
        <Alert variant="error" title={<Trans>The file has errors; nothing was changed</Trans>}>
          <ul className={styles.errors}>
            {state.errors.map((error, index) => (
              <li key={index}>{errorText(error)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {state.step === 'applied' ? (
        <Alert variant="success">{props.applied(state.result)}</Alert>
      ) : null}
      {preview ? (
        <>
          <p role="status">{props.previewText(preview)}</p>
          <DataTable
            caption={t`Changes in the file`}
            captionHidden
            columns={props.previewColumns}
            rows={preview.changes}
            rowKey={(row) => String(row.line)}
            labels={labels}
          />
          <div className={styles.actions}>
            <Button
              loading={state.step === 'applying'}
              disabled={props.changes(preview) === 0}
              onClick={() => void send(true)}
            >
              <Trans>Apply the changes</Trans>
            </Button>
            <Button
              variant="text"
              onClick={() => {
                setState({ step: 'idle' })
                setFile(null)
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </>
      ) : null}
    </Card>
  )
}
