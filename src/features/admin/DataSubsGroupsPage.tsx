import { useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import {
  DEFAULT_SUBSCRIPTION_GROUP_SORT,
  SUBSCRIPTION_GROUP_SORT_FIELDS,
  type SubscriptionGroup,
} from '#contracts/admin.ts'
import { dataSubQuery, subGroupsQuery } from '../../api/admin-subs.api'
import { numberFormat } from '../../lib/number-format'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button } from '../../ui'
import { DataTable, type DataTableColumn, type DataTableSort } from '../../ui/DataTable'
import { FEATURE_TEXT, listNames } from './data-subs'
import { sortTermOf, tableSortOf } from '../../lib/table-sort'
import { DataSubsGroupForm } from './DataSubsGroupForm'
import { listStatus, useAdmin, useDateTime } from './shared'
import styles from './Admin.module.css'

const SORTABLE = new Set<string>(SUBSCRIPTION_GROUP_SORT_FIELDS)

/**
 * Seeds 001 §3 groups of a data subscription (by name descending unless sorted otherwise, §9):
 * create a group, rename one and set its feature access.
 */
export function DataSubsGroupsPage({ dataSubId }: { dataSubId: number }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const { labels } = useDataTableText()
  const dateTime = useDateTime()
  const subscription = useQuery(dataSubQuery(admin.panelId, dataSubId)).data
  const [sort, setSort] = useState<DataTableSort | null>(
    tableSortOf(DEFAULT_SUBSCRIPTION_GROUP_SORT),
  )
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<SubscriptionGroup | 'new' | null>(null)
  const query = useQuery(
    subGroupsQuery(admin.panelId, dataSubId, {
      search: '',
      sort: sortTermOf(sort, DEFAULT_SUBSCRIPTION_GROUP_SORT),
      page,
    }),
  )

  const columns = useMemo((): DataTableColumn<SubscriptionGroup>[] => {
    const features = (row: SubscriptionGroup) =>
      listNames(
        i18n.locale,
        row.features.map((feature) => i18n._(FEATURE_TEXT[feature])),
      )
    const all: DataTableColumn<SubscriptionGroup>[] = [
      { id: 'name', header: t`Name`, card: 'title', cell: (row) => row.name },
      {
        id: 'features',
        header: t`Feature access`,
        cell: (row) => (row.features.length === 0 ? t`None` : features(row)),
      },
      {
        id: 'member_count',
        header: t`Members`,
        align: 'end',
        cell: (row) => numberFormat(i18n.locale).format(row.member_count),
      },
      {
        id: 'created_at',
        header: t`Created`,
        cell: (row) => dateTime(row.created_at),
        hiddenByDefault: true,
      },
      {
        id: 'actions',
        header: t`Actions`,
        card: 'footer',
        hideable: false,
        cell: (row) => {
          const name = row.name
          return (
            <Button
              variant="text"
              aria-label={t`Edit “${name}”`}
              onClick={() => {
                setEditing(row)
              }}
            >
              <Trans>Edit</Trans>
            </Button>
          )
        },
      },
    ]
    return all.map((column) => ({ ...column, sortable: SORTABLE.has(column.id) }))
  }, [t, i18n, dateTime])

  const pagination = query.data?.meta.pagination
  const status = listStatus(query, online)

  return (
    <>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            setEditing('new')
          }}
        >
          <Trans>Create a group</Trans>
        </Button>
      </div>
      {editing !== null && subscription !== undefined ? (
        <DataSubsGroupForm
          key={editing === 'new' ? 'new' : editing.id}
          subscription={subscription}
          group={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null)
          }}
        />
      ) : null}
      {!online && query.data !== undefined ? (
        <Alert variant="info">
          <Trans>You are offline: this is the list as last loaded.</Trans>
        </Alert>
      ) : null}
      <DataTable
        caption={t`Groups`}
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
            <Plural value={pagination?.total ?? 0} one="# group" other="# groups" />
          ) : undefined
        }
        empty={
          <p className={styles.muted}>
            <Trans>This data subscription has no groups yet.</Trans>
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
      />
    </>
  )
}
