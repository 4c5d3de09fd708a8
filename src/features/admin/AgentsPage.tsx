import { useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ADMIN_AGENT_SORT_FIELDS,
  DEFAULT_ADMIN_AGENT_SORT,
  type AdminAgentRow,
} from '#contracts/admin.ts'
import { agentListQuery } from '../../api/admin.api'
import type { DataTableColumn } from '../../ui/DataTable'
import { AdminList, useAdminList } from './AdminList'
import { agentFilterOf, readHiddenColumns, writeHiddenColumns } from './agent-search'
import { AgentStateBadge, useAdmin, useDateTime } from './shared'
import styles from './Admin.module.css'
import { formatIdNumber } from '../../lib/number-format'

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
  const { t } = useLingui()
  const admin = useAdmin()
  const dateTime = useDateTime()
  const list = useAdminList(DEFAULT_ADMIN_AGENT_SORT)
  const [hidden] = useState(() => readHiddenColumns(globalThis.localStorage))
  const filter = agentFilterOf(list.form.query)
  const query = useQuery({
    ...agentListQuery(admin.panelId, {
      filter: filter === 'unreadable' ? null : filter,
      sort: list.sortText,
      page: list.page,
    }),
    enabled: filter !== 'unreadable',
  })

  const columns = useMemo((): DataTableColumn<AdminAgentRow>[] => {
    const text = (id: TextColumn, header: string, ltr = false): DataTableColumn<AdminAgentRow> => ({
      id,
      header,
      cell: (row) => row[id] ?? '—',
      csv: (row) => row[id],
      ...(ltr ? { dir: 'ltr' as const } : {}),
    })
    const all: DataTableColumn<AdminAgentRow>[] = [
      {
        id: 'agent_id',
        header: t`Agent`,
        card: 'title',
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

  return (
    <AdminList
      list={list}
      query={query}
      title={t`Agents`}
      searchLabel={t`Find an agent`}
      searchHint={<Trans>An agent id, the owner’s email address or a MAC address.</Trans>}
      showAll={<Trans>Show all agents</Trans>}
      refusal={
        filter === 'unreadable' ? (
          <Trans>Enter an agent id, an email address or a MAC address.</Trans>
        ) : undefined
      }
      caption={t`Agents`}
      columns={columns}
      sortFields={ADMIN_AGENT_SORT_FIELDS}
      rowKey={(row) => String(row.agent_id)}
      summary={(total) => <Plural value={total} one="# agent" other="# agents" />}
      empty={{
        search: <Trans>No agent matches this search.</Trans>,
        none: <Trans>This subscription has no agents yet.</Trans>,
      }}
      onColumnChoiceChange={(next) => {
        writeHiddenColumns(globalThis.localStorage, next)
      }}
      csvFileName={`agents-${String(admin.panelId)}.csv`}
    />
  )
}

function AgentName({ id: agentId }: { id: number }) {
  const { i18n } = useLingui()
  const id = formatIdNumber(i18n.locale, agentId)
  return <Trans>Agent {id}</Trans>
}
