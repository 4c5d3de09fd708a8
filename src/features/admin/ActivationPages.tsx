import { useMemo, useState, type ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ActivationImportResult } from '#contracts/admin.ts'
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
import { NetworkError } from '../../api/http'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { QueryStatus, queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, Card, PageTitle, useToast } from '../../ui'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { TabLink, TabNav } from '../../ui/TabNav'
import { ACTIVATION_PATH, activationParts, type ActivationPart } from './ActivationGuards'
import { ConfirmDialog } from '../../ui'
import { CsvExportCard } from './CsvExportCard'
import { CsvImportCard } from './CsvImportCard'
import { AgentStateBadge, Facts, listStatus, useAdmin, useDateTime } from './shared'
import styles from './Admin.module.css'
import { formatIdNumber } from '../../lib/number-format'

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
      <TabNav label={t`Agent activation pages`} variant="pills">
        {activationParts(admin).map((part) => (
          <TabLink key={part} to={ACTIVATION_PATH[part]}>
            {names[part]}
          </TabLink>
        ))}
      </TabNav>
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
  const admin = useAdmin()
  return (
    <CsvExportCard
      description={
        <Trans>Every agent of the panel with its activation state, as a CSV file.</Trans>
      }
      run={async () => ({ kind: 'file', ...(await exportActivationCsv(admin.panelId)) })}
    />
  )
}

type PreviewRow = ActivationImportResult['changes'][number]

function ActivationImport() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const previewColumns = useMemo(
    (): DataTableColumn<PreviewRow>[] => [
      {
        id: 'unit_id',
        header: t`Agent`,
        card: 'title',
        cell: (row) => {
          const id = formatIdNumber(i18n.locale, row.unit_id)
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
    [t, i18n.locale],
  )
  return (
    <CsvImportCard<ActivationImportResult>
      title={<Trans>Bulk import</Trans>}
      description={
        <Trans>
          A CSV file with the columns unit_id and state (active or inactive). You see the changes
          first; nothing changes until you apply them, and a file with any error changes nothing.
        </Trans>
      }
      send={(file, apply) => importActivationCsv(admin.panelId, file, apply)}
      onApplied={() => {
        void queryClient.invalidateQueries({ queryKey: activationKeys.all(admin.panelId) })
      }}
      applied={(result) => (
        <>
          <Plural value={result.activations} one="# agent activated" other="# agents activated" />
          {', '}
          <Plural
            value={result.deactivations}
            one="# agent deactivated."
            other="# agents deactivated."
          />
        </>
      )}
      previewText={(result) => (
        <>
          <Plural
            value={result.activations}
            one="This file activates # agent"
            other="This file activates # agents"
          />{' '}
          <Plural
            value={result.deactivations}
            one="and deactivates # agent."
            other="and deactivates # agents."
          />{' '}
          <Plural
            value={result.unchanged}
            one="# line changes nothing."
            other="# lines change nothing."
          />
        </>
      )}
      previewColumns={previewColumns}
      changes={(result) => result.activations + result.deactivations}
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
