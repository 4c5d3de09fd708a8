import { useEffect, useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ADMIN_AGENT_SORT_FIELDS,
  DEFAULT_ADMIN_AGENT_SORT,
  type AdminAgentRow,
} from '#contracts/admin.ts'
import { agentListQuery } from '../../api/admin.api'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, PageTitle } from '../../ui'
import { DataTable, type DataTableColumn, type DataTableSort } from '../../ui/DataTable'
import { SearchForm } from '../../ui/SearchForm'
import { useSearchForm } from '../../ui/useSearchForm'
import { agentFilterOf, readHiddenColumns, writeHiddenColumns } from './agent-search'
import { AgentStateBadge, listStatus, useAdmin, useDateTime } from './shared'
import styles from './Admin.module.css'

const SORTABLE = new Set<string>(ADMIN_AGENT_SORT_FIELDS)
/** Shown until the reader chooses (the other §3 columns are one tick away). */
const SHOWN_BY_DEFAULT = new Set([
  'agent_id',
  'state',
  'mac',
  'email',
  'isp',
  'package',
  'country',
  'last_seen',
])

const sortOf = (text: string): DataTableSort =>
  text.startsWith('-') ? { id: text.slice(1), desc: true } : { id: text, desc: false }

type TextColumn = Exclude<
  {
    [K in keyof AdminAgentRow]: AdminAgentRow[K] extends string | null ? K : never
  }[keyof AdminAgentRow],
  undefined
>

/**
 * Seeds 001 §3 agents (issue 25): search by agent id, owner email or MAC; sort; 50 a page; every
 * column of §3 with the reader's choice kept on this device; a CSV of the rows shown.
 */
export function AgentsPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const { labels, encodeCsv } = useDataTableText()
  const dateTime = useDateTime()
  const form = useSearchForm()
  const [sort, setSort] = useState<DataTableSort | null>(sortOf(DEFAULT_ADMIN_AGENT_SORT))
  const [page, setPage] = useState(1)
  const [hidden] = useState(() => readHiddenColumns(globalThis.localStorage))
  const filter = agentFilterOf(form.query)
  const sortText = sort === null ? DEFAULT_ADMIN_AGENT_SORT : sort.desc ? `-${sort.id}` : sort.id
  const query = useQuery({
    ...agentListQuery(admin.panelId, {
      filter: filter === 'unreadable' ? null : filter,
      sort: sortText,
      page,
    }),
    enabled: filter !== 'unreadable',
  })

  // Seeds 001 §4: the search form's state follows its request (loading → loaded or failed).
  const { status: formStatus, loaded, failed } = form
  useEffect(() => {
    if (formStatus !== 'loading' || query.isFetching) return
    if (query.isError || filter === 'unreadable') failed()
    else loaded()
  }, [formStatus, query.isFetching, query.isError, filter, loaded, failed])

  const columns = useMemo((): DataTableColumn<AdminAgentRow>[] => {
    const text = (id: TextColumn, header: string, ltr = false): DataTableColumn<AdminAgentRow> => ({
      id,
      header,
      cell: (row) => row[id] ?? '—',
      csv: (row) => row[id],
      sortable: SORTABLE.has(id),
      ...(ltr ? { dir: 'ltr' as const } : {}),
    })
    const all: DataTableColumn<AdminAgentRow>[] = [
      {
        id: 'agent_id',
        header: t`Agent`,
        card: 'title',
        sortable: true,
        cell: (row) => (
          <Link
            to="/admin/agent/$agentId"
            params={{ agentId: String(row.agent_id) }}
            className={styles.link}
          >
            <AgentName id={row.agent_id} />
          </Link>
        ),
        csv: (row) => row.agent_id,
      },
      {
        id: 'state',
        header: t`State`,
        sortable: true,
        cell: (row) => <AgentStateBadge state={row.state} />,
        csv: (row) => (row.state === 'active' ? t`Active` : t`Inactive`),
      },
      text('mac', t`MAC address`, true),
      text('serial_number', t`Serial number`, true),
      text('email', t`Owner email`, true),
      text('first_name', t`First name`),
      text('last_name', t`Last name`),
      text('isp', t`ISP`),
      text('package', t`Package`),
      text('country', t`Country`),
      {
        id: 'last_seen',
        header: t`Last seen`,
        sortable: true,
        cell: (row) => dateTime(row.last_seen),
        csv: (row) => row.last_seen,
      },
      {
        id: 'connected',
        header: t`Connected`,
        cell: (row) => (row.connected ? t`Yes` : t`No`),
        csv: (row) => (row.connected ? t`Yes` : t`No`),
      },
      text('agent_type', t`Agent type`),
      text('base', t`Base`),
      text('timezone', t`Time zone`, true),
      text('ip', t`IP address`, true),
      text('wan_ip', t`WAN IP`, true),
      text('wan_ipv6', t`WAN IPv6`, true),
      text('lan_ip', t`LAN IP`, true),
      text('public_ip', t`Public IP`, true),
      text('gateway_ip', t`Gateway IP`, true),
      text('gateway_mac', t`Gateway MAC`, true),
      text('link_speed', t`Link speed`),
      text('duplex', t`Duplex`),
      text('firmware_version', t`Firmware version`, true),
      text('uptime', t`Uptime`),
      text('router_mode', t`Router mode`),
      text('mobile_id', t`Mobile id`, true),
      text('device_id', t`Device id`, true),
      text('manufacturer', t`Manufacturer`),
      text('model', t`Model`),
      text('group', t`Group`),
      text('cpe_subscription', t`CPE subscription`),
    ]
    return all.map((column) => ({
      ...column,
      hiddenByDefault: hidden ? hidden.includes(column.id) : !SHOWN_BY_DEFAULT.has(column.id),
    }))
  }, [t, dateTime, hidden])

  const pagination = query.data?.meta.pagination
  const status = filter === 'unreadable' ? 'ready' : listStatus(query, online)
  const rows = filter === 'unreadable' ? [] : (query.data?.data ?? [])
  const total = pagination?.total ?? 0

  return (
    <>
      <PageTitle documentTitle={t`Agents`}>
        <Trans>Agents</Trans>
      </PageTitle>
      <SearchForm
        form={form}
        label={t`Find an agent`}
        submitLabel={t`Search`}
        hint={<Trans>An agent id, the owner’s email address or a MAC address.</Trans>}
      />
      {form.query !== '' ? (
        <div className={styles.row}>
          <Button
            variant="text"
            onClick={() => {
              form.clear()
              setPage(1)
            }}
          >
            <Trans>Show all agents</Trans>
          </Button>
        </div>
      ) : null}
      {filter === 'unreadable' ? (
        <Alert variant="error">
          <Trans>Enter an agent id, an email address or a MAC address.</Trans>
        </Alert>
      ) : null}
      {!online && query.data !== undefined ? (
        <Alert variant="info">
          <Trans>You are offline: this is the list as last loaded.</Trans>
        </Alert>
      ) : null}
      <DataTable
        caption={t`Agents`}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.agent_id)}
        labels={labels}
        sort={sort}
        onSortChange={(next) => {
          setSort(next)
          setPage(1)
        }}
        status={status}
        busy={query.isFetching}
        summary={
          status === 'ready' && filter !== 'unreadable' ? (
            <Plural value={total} one="# agent" other="# agents" />
          ) : undefined
        }
        empty={
          form.query !== '' ? (
            <p className={styles.muted}>
              <Trans>No agent matches this search.</Trans>
            </p>
          ) : (
            <p className={styles.muted}>
              <Trans>This subscription has no agents yet.</Trans>
            </p>
          )
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
        columnChoice
        onColumnChoiceChange={(next) => {
          writeHiddenColumns(globalThis.localStorage, next)
        }}
        csv={{ fileName: `agents-${String(admin.panelId)}.csv`, encode: encodeCsv }}
      />
    </>
  )
}

function AgentName({ id: agentId }: { id: number }) {
  const id = String(agentId)
  return <Trans>Agent {id}</Trans>
}
