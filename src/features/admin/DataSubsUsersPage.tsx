import { useEffect, useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  DATA_SUBSCRIPTION_USER_SORT_FIELDS,
  DEFAULT_DATA_SUBSCRIPTION_USER_SORT,
  type DataSubscriptionUser,
} from '#contracts/admin.ts'
import { subUsersQuery } from '../../api/admin-subs.api'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button } from '../../ui'
import { DataTable, type DataTableColumn, type DataTableSort } from '../../ui/DataTable'
import { SearchForm } from '../../ui/SearchForm'
import { useSearchForm } from '../../ui/useSearchForm'
import { sortOf, sortText } from './data-subs'
import { Badge, listStatus, useAdmin } from './shared'
import styles from './Admin.module.css'

const SORTABLE = new Set<string>(DATA_SUBSCRIPTION_USER_SORT_FIELDS)

/**
 * Seeds 001 §3 data-subscription users: the organisation's users with the subscription's groups
 * they are in and their account settings, 25 a page by email descending (§9); search and sort.
 */
export function DataSubsUsersPage({ dataSubId }: { dataSubId: number }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const { labels, encodeCsv } = useDataTableText()
  const form = useSearchForm()
  const [sort, setSort] = useState<DataTableSort | null>(
    sortOf(DEFAULT_DATA_SUBSCRIPTION_USER_SORT),
  )
  const [page, setPage] = useState(1)
  const query = useQuery(
    subUsersQuery(admin.panelId, dataSubId, {
      search: form.query,
      sort: sortText(sort, DEFAULT_DATA_SUBSCRIPTION_USER_SORT),
      page,
    }),
  )

  const { status: formStatus, loaded, failed } = form
  useEffect(() => {
    if (formStatus !== 'loading' || query.isFetching) return
    if (query.isError) failed()
    else loaded()
  }, [formStatus, query.isFetching, query.isError, loaded, failed])

  const columns = useMemo((): DataTableColumn<DataSubscriptionUser>[] => {
    const groups = (row: DataSubscriptionUser) =>
      (row.groups ?? []).map((group) => group.name).join(', ')
    const all: DataTableColumn<DataSubscriptionUser>[] = [
      {
        id: 'email',
        header: t`Email address`,
        card: 'title',
        dir: 'ltr',
        cell: (row) => (
          <Link
            to="/admin/user/$userId"
            params={{ userId: String(row.id) }}
            className={styles.link}
          >
            <bdi dir="ltr">{row.email}</bdi>
          </Link>
        ),
        csv: (row) => row.email,
      },
      {
        id: 'first_name',
        header: t`First name`,
        cell: (row) => row.first_name,
        csv: (row) => row.first_name,
      },
      {
        id: 'last_name',
        header: t`Last name`,
        cell: (row) => row.last_name,
        csv: (row) => row.last_name,
      },
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
    return all.map((column) => ({ ...column, sortable: SORTABLE.has(column.id) }))
  }, [t])

  const pagination = query.data?.meta.pagination
  const status = listStatus(query, online)

  return (
    <>
      <SearchForm form={form} label={t`Search users`} submitLabel={t`Search`} />
      {form.query !== '' ? (
        <div className={styles.row}>
          <Button
            variant="text"
            onClick={() => {
              form.clear()
              setPage(1)
            }}
          >
            <Trans>Show all users</Trans>
          </Button>
        </div>
      ) : null}
      {!online && query.data !== undefined ? (
        <Alert variant="info">
          <Trans>You are offline: this is the list as last loaded.</Trans>
        </Alert>
      ) : null}
      <DataTable
        caption={t`Users`}
        captionHidden
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(row) => String(row.id)}
        labels={labels}
        sort={sort}
        onSortChange={(next) => {
          setSort(next)
          setPage(1)
        }}
        status={status}
        busy={query.isFetching}
        summary={
          status === 'ready' ? (
            <Plural value={pagination?.total ?? 0} one="# user" other="# users" />
          ) : undefined
        }
        empty={
          <p className={styles.muted}>
            {form.query !== '' ? (
              <Trans>No user matches this search.</Trans>
            ) : (
              <Trans>This organisation has no users yet.</Trans>
            )}
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
        columnChoice
        csv={{
          fileName: `data-subscription-${String(dataSubId)}-users.csv`,
          encode: encodeCsv,
        }}
      />
    </>
  )
}
