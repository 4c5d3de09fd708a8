import { useMemo, useState, type ReactNode } from 'react'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ActivationImportResult, CsvLineError } from '#contracts/admin.ts'
import { csvErrorsOf } from '../../api/admin.api'
import {
  activationKeys,
  activationLogQuery,
  activationStatusQuery,
  activationTokenQuery,
  createActivationToken,
  exportActivationCsv,
  importActivationCsv,
  revokeActivationToken,
  type ActivationLogEntry,
} from '../../api/admin-activation.api'
import { ApiError, NetworkError } from '../../api/http'
import { formCodeMessage } from '../../forms'
import { useDataTableText } from '../../i18n/useDataTableText'
import { numberFormat } from '../../lib/number-format'
import { useOnline } from '../../offline/online-state'
import { QueryStatus, queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, Card, PageTitle, useToast } from '../../ui'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { downloadTextFile } from '../../ui/download-file'
import { ACTIVATION_PATH, activationParts, type ActivationPart } from './ActivationGuards'
import { ConfirmDialog } from './ConfirmDialog'
import { isCsvFile } from './MetadataPage'
import { AgentStateBadge, Facts, listStatus, useAdmin, useDateTime } from './shared'
import styles from './Admin.module.css'

/**
 * Seeds 001 §2.6 agent-activation (issue 25): its pages, status (with the monthly allowance,
 * export and bulk import) and log (cpe_subscriptions_manage), and the token (cpe_api_manage).
 */
export function ActivationLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const admin = useAdmin()
  const names: Record<ActivationPart, ReactNode> = {
    status: <Trans>Status</Trans>,
    log: <Trans>Log</Trans>,
    token: <Trans>Token</Trans>,
  }
  return (
    <>
      <PageTitle documentTitle={t`Agent activation`}>
        <Trans>Agent activation</Trans>
      </PageTitle>
      <nav aria-label={t`Agent activation pages`}>
        <ul className={styles.sections}>
          {activationParts(admin).map((part) => (
            <li key={part}>
              <Link
                to={ACTIVATION_PATH[part]}
                className={styles.sectionLink}
                activeProps={{ 'aria-current': 'page' }}
              >
                {names[part]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  )
}

// ---- Status, export and bulk import ----

export function ActivationStatusPage() {
  const { t } = useLingui()
  const admin = useAdmin()
  const query = useQuery(activationStatusQuery(admin.panelId))
  return (
    <>
      <Card>
        <h2 className={styles.heading}>
          <Trans>Activation status</Trans>
        </h2>
        <QueryStatus query={query}>
          {(status) => {
            const remaining = status.remaining_this_month
            return (
              <>
                <Facts
                  items={[
                    { label: t`Active agents`, value: String(status.active) },
                    { label: t`Inactive agents`, value: String(status.inactive) },
                    {
                      label: t`Monthly activation allowance`,
                      value: String(status.monthly_allowance),
                    },
                    { label: t`Activated this month`, value: String(status.activated_this_month) },
                    { label: t`Activations left this month`, value: String(remaining) },
                  ]}
                />
                {remaining === 0 ? (
                  <Alert variant="warning">
                    <Trans>
                      This month’s activation allowance is used up: agents can be activated again
                      next month.
                    </Trans>
                  </Alert>
                ) : null}
              </>
            )
          }}
        </QueryStatus>
      </Card>
      <ActivationExport />
      <ActivationImport />
    </>
  )
}

function ActivationExport() {
  const { t } = useLingui()
  const admin = useAdmin()
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'offline'>('idle')
  const run = async () => {
    setState('busy')
    try {
      const file = await exportActivationCsv(admin.panelId)
      downloadTextFile(file.fileName, file.text)
      setState('idle')
    } catch (error) {
      setState(error instanceof NetworkError ? 'offline' : 'failed')
    }
  }
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Export</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>Every agent of the panel with its activation state, as a CSV file.</Trans>
      </p>
      {state === 'failed' ? (
        <Alert variant="error">{t`The export could not be made. Try again.`}</Alert>
      ) : null}
      {state === 'offline' ? (
        <Alert variant="info">{t`You are offline: export once you are back online.`}</Alert>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" loading={state === 'busy'} onClick={() => void run()}>
          <Trans>Download CSV</Trans>
        </Button>
      </div>
    </Card>
  )
}

type ImportState =
  | { step: 'idle' }
  | { step: 'checking' | 'applying'; preview?: ActivationImportResult }
  | { step: 'preview'; preview: ActivationImportResult }
  | { step: 'refused'; errors: CsvLineError[] }
  | { step: 'applied'; result: ActivationImportResult }
  | { step: 'failed'; offline: boolean }
  | { step: 'not-csv' }

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

function ActivationImport() {
  const { t } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const errorText = useCsvLineText()
  const [file, setFile] = useState<{ name: string; text: string; type: string } | null>(null)
  const [state, setState] = useState<ImportState>({ step: 'idle' })

  const send = async (apply: boolean, chosen = file) => {
    if (!chosen) return
    setState(
      state.step === 'preview'
        ? { step: 'applying', preview: state.preview }
        : { step: 'checking' },
    )
    try {
      const result = await importActivationCsv(admin.panelId, chosen, apply)
      if (result.applied) {
        setState({ step: 'applied', result })
        setFile(null)
        void queryClient.invalidateQueries({ queryKey: activationKeys.all(admin.panelId) })
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

  const pickFile = () => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = '.csv,text/csv'
    input.addEventListener('change', () => void choose(input.files?.[0]), { once: true })
    input.click()
  }

  const preview = state.step === 'preview' || state.step === 'applying' ? state.preview : undefined
  const changes = preview ? preview.activations + preview.deactivations : 0

  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Bulk import</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          A CSV file with the columns unit_id and state (active or inactive). You see the changes
          first; nothing changes until you apply them, and a file with any error changes nothing.
        </Trans>
      </p>
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
        <Alert variant="success">
          <Plural
            value={state.result.activations}
            one="# agent activated"
            other="# agents activated"
          />
          {', '}
          <Plural
            value={state.result.deactivations}
            one="# agent deactivated."
            other="# agents deactivated."
          />
        </Alert>
      ) : null}
      {preview ? (
        <>
          <p role="status">
            <Plural
              value={preview.activations}
              one="This file activates # agent"
              other="This file activates # agents"
            />{' '}
            <Plural
              value={preview.deactivations}
              one="and deactivates # agent."
              other="and deactivates # agents."
            />{' '}
            <Plural
              value={preview.unchanged}
              one="# line changes nothing."
              other="# lines change nothing."
            />
          </p>
          <ImportPreviewTable preview={preview} />
          <div className={styles.actions}>
            <Button
              loading={state.step === 'applying'}
              disabled={changes === 0}
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

type PreviewRow = ActivationImportResult['changes'][number]

function ImportPreviewTable({ preview }: { preview: ActivationImportResult }) {
  const { t } = useLingui()
  const { labels } = useDataTableText()
  const columns = useMemo(
    (): DataTableColumn<PreviewRow>[] => [
      {
        id: 'unit_id',
        header: t`Agent`,
        card: 'title',
        cell: (row) => {
          const id = String(row.unit_id)
          return t`Agent ${id}`
        },
      },
      { id: 'line', header: t`Line`, cell: (row) => String(row.line) },
      {
        id: 'state',
        header: t`New state`,
        cell: (row) => <AgentStateBadge state={row.state} />,
      },
    ],
    [t],
  )
  return (
    <DataTable
      caption={t`Changes in the file`}
      captionHidden
      columns={columns}
      rows={preview.changes}
      rowKey={(row) => String(row.line)}
      labels={labels}
    />
  )
}

// ---- Log ----

export function ActivationLogPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const dateTime = useDateTime()
  const { labels } = useDataTableText()
  const [page, setPage] = useState(1)
  const query = useQuery(activationLogQuery(admin.panelId, page))
  const columns = useMemo(
    (): DataTableColumn<ActivationLogEntry>[] => [
      { id: 'at', header: t`When`, card: 'title', cell: (row) => dateTime(row.at) },
      {
        id: 'unit_id',
        header: t`Agent`,
        cell: (row) => (
          <Link
            to="/admin/agent/$agentId"
            params={{ agentId: String(row.unit_id) }}
            className={styles.link}
          >
            {String(row.unit_id)}
          </Link>
        ),
      },
      {
        id: 'state',
        header: t`Change`,
        cell: (row) =>
          row.state === 'active' || row.state === 'inactive' ? (
            <AgentStateBadge state={row.state} />
          ) : (
            row.state
          ),
      },
      {
        id: 'actor_id',
        header: t`By user`,
        cell: (row) => (row.actor_id === null ? '—' : String(row.actor_id)),
      },
    ],
    [t, dateTime],
  )
  const pagination = query.data?.meta.pagination
  return (
    <DataTable
      caption={t`Activation log`}
      columns={columns}
      rows={query.data?.data ?? []}
      rowKey={(row) => String(row.id)}
      labels={labels}
      status={listStatus(query, online)}
      busy={query.isFetching}
      empty={
        <p className={styles.muted}>
          <Trans>No agent has been activated or deactivated yet.</Trans>
        </p>
      }
      error={i18n._(queryErrorMessage(query.error))}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      pages={
        pagination && pagination.total_pages > 1
          ? {
              page: pagination.current_page,
              pageCount: pagination.total_pages,
              onPageChange: setPage,
            }
          : undefined
      }
    />
  )
}

// ---- Token ----

export function ActivationTokenPage() {
  const { t } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const toast = useToast()
  const dateTime = useDateTime()
  const query = useQuery(activationTokenQuery(admin.panelId))
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<'offline' | 'other' | null>(null)
  const [plain, setPlain] = useState<string | null>(null)

  const act = async (action: 'create' | 'rotate' | 'revoke') => {
    setBusy(true)
    setFailed(null)
    try {
      if (action === 'revoke') {
        await revokeActivationToken(admin.panelId)
        setPlain(null)
        toast.show({ message: t`The token is revoked.` })
      } else {
        const created = await createActivationToken(admin.panelId)
        queryClient.setQueryData(activationKeys.token(admin.panelId), created.token)
        setPlain(created.plainToken)
      }
      await queryClient.invalidateQueries({ queryKey: activationKeys.token(admin.panelId) })
    } catch (error) {
      setFailed(error instanceof NetworkError ? 'offline' : 'other')
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }

  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Activation token</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Agents of this panel activate with this token. Creating a new one stops the old one from
          working.
        </Trans>
      </p>
      {failed !== null ? (
        <Alert variant="error">
          {failed === 'offline'
            ? t`You are offline: try again once you are back online.`
            : t`The token could not be changed. Try again.`}
        </Alert>
      ) : null}
      {plain !== null ? (
        <Alert variant="success" title={<Trans>Your new token</Trans>}>
          <p>
            <Trans>Copy it now: it is shown this once.</Trans>
          </p>
          <code dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {plain}
          </code>
        </Alert>
      ) : null}
      <QueryStatus query={query}>
        {(token) =>
          token.exists ? (
            <>
              <Facts
                items={[
                  {
                    label: t`Token`,
                    value: token.hint === null ? '—' : `…${token.hint}`,
                    ltr: true,
                  },
                  { label: t`Created`, value: dateTime(token.created_at) },
                  { label: t`Last renewed`, value: dateTime(token.regenerated_at) },
                ]}
              />
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setAsking('rotate')
                  }}
                >
                  <Trans>Create a new token</Trans>
                </Button>
                <Button
                  variant="text"
                  onClick={() => {
                    setAsking('revoke')
                  }}
                >
                  <Trans>Revoke the token</Trans>
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>
                <Trans>This panel has no activation token.</Trans>
              </p>
              <div className={styles.actions}>
                <Button loading={busy} onClick={() => void act('create')}>
                  <Trans>Create a token</Trans>
                </Button>
              </div>
            </>
          )
        }
      </QueryStatus>
      {asking === 'rotate' ? (
        <ConfirmDialog
          title={<Trans>Create a new token?</Trans>}
          confirmLabel={<Trans>Create a new token</Trans>}
          busy={busy}
          onConfirm={() => void act('rotate')}
          onCancel={() => {
            setAsking(null)
          }}
        >
          <p className={styles.muted}>
            <Trans>
              The current token stops working at once: agents set up with it cannot activate.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
      {asking === 'revoke' ? (
        <ConfirmDialog
          title={<Trans>Revoke the token?</Trans>}
          confirmLabel={<Trans>Revoke</Trans>}
          busy={busy}
          onConfirm={() => void act('revoke')}
          onCancel={() => {
            setAsking(null)
          }}
        >
          <p className={styles.muted}>
            <Trans>Agents can no longer activate with it until you create a new token.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  )
}
