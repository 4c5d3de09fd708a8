import { useMemo } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import {
  DATA_SUBSCRIPTION_USER_SORT_FIELDS,
  DEFAULT_DATA_SUBSCRIPTION_USER_SORT,
  type DataSubscriptionUser,
} from '#contracts/admin.ts'
import { subUsersQuery } from '../../api/admin-subs.api'
import type { DataTableColumn } from '../../ui/DataTable'
import { AdminList, useAdminList } from './AdminList'
import { listNames } from './data-subs'
import { Badge, useAdmin, useUserNameColumns } from './shared'

/**
 * Seeds 001 §3 data-subscription users: the organisation's users with the subscription's groups
 * they are in and their account settings, 25 a page by email descending (§9); search and sort.
 */
export function DataSubsUsersPage({ dataSubId }: { dataSubId: number }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const list = useAdminList(DEFAULT_DATA_SUBSCRIPTION_USER_SORT)
  const query = useQuery(
    subUsersQuery(admin.panelId, dataSubId, {
      search: list.form.query,
      sort: list.sortText,
      page: list.page,
    }),
  )

  const nameColumns = useUserNameColumns<DataSubscriptionUser>()
  const columns = useMemo((): DataTableColumn<DataSubscriptionUser>[] => {
    const groups = (row: DataSubscriptionUser) =>
      listNames(
        i18n.locale,
        (row.groups ?? []).map((group) => group.name),
      )
    return [
      ...nameColumns,
      {
        id: 'groups',
        header: t`Groups`,
        cell: (row) => ((row.groups ?? []).length === 0 ? t`None` : groups(row)),
        csv: groups,
      },
      {
        id: 'enabled',
        header: t`Status`,
        cell: (row) =>
          row.account_settings === undefined ? (
            '—'
          ) : row.account_settings.enabled ? (
            <Badge tone="good">
              <Trans>Enabled</Trans>
            </Badge>
          ) : (
            <Badge tone="poor">
              <Trans>Disabled</Trans>
            </Badge>
          ),
        csv: (row) =>
          row.account_settings === undefined
            ? null
            : row.account_settings.enabled
              ? t`Enabled`
              : t`Disabled`,
      },
      {
        id: 'default_locale',
        header: t`Language`,
        dir: 'ltr',
        cell: (row) => row.account_settings?.default_locale ?? '—',
        csv: (row) => row.account_settings?.default_locale ?? null,
        hiddenByDefault: true,
      },
      {
        id: 'organisation',
        header: t`Organisation`,
        cell: (row) => row.account_settings?.organisation.name ?? '—',
        csv: (row) => row.account_settings?.organisation.name ?? null,
        hiddenByDefault: true,
      },
      {
        id: 'id',
        header: t`User id`,
        cell: (row) => String(row.id),
        csv: (row) => row.id,
        hiddenByDefault: true,
      },
    ]
  }, [t, i18n, nameColumns])

  return (
    <AdminList
      list={list}
      query={query}
      searchLabel={t`Search users`}
      showAll={<Trans>Show all users</Trans>}
      caption={t`Users`}
      columns={columns}
      sortFields={DATA_SUBSCRIPTION_USER_SORT_FIELDS}
      rowKey={(row) => String(row.id)}
      summary={(total) => <Plural value={total} one="# user" other="# users" />}
      empty={{
        search: <Trans>No user matches this search.</Trans>,
        none: <Trans>This organisation has no users yet.</Trans>,
      }}
      csvFileName={`data-subscription-${String(dataSubId)}-users.csv`}
    />
  )
}
