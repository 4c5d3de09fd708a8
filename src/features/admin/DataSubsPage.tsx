import { useEffect, useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  DATA_SUBSCRIPTION_SORT_FIELDS,
  DEFAULT_DATA_SUBSCRIPTION_SORT,
  type DataSubscription,
} from '#contracts/admin.ts'
import { dataSubListQuery, isUserMigrated } from '../../api/admin-subs.api'
import { numberFormat } from '../../lib/number-format'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, PageTitle } from '../../ui'
import { DataTable, type DataTableColumn, type DataTableSort } from '../../ui/DataTable'
import { SearchForm } from '../../ui/SearchForm'
import { useSearchForm } from '../../ui/useSearchForm'
import { FEATURE_TEXT, sortOf, sortText } from './data-subs'
import { DataSubsMigrated } from './DataSubsMigrated'
import { listStatus, useAdmin } from './shared'
import styles from './Admin.module.css'

const SORTABLE = new Set<string>(DATA_SUBSCRIPTION_SORT_FIELDS)

/**
 * Seeds 001 §2.6 data-subs (issue 25): the panel's data subscriptions, searchable by name; each
 * opens its feature subscriptions, groups and users. Blocked for migrated accounts (§6).
 */
export function DataSubsPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const { labels, encodeCsv } = useDataTableText()
  const form = useSearchForm()
  const [sort, setSort] = useState<DataTableSort | null>(sortOf(DEFAULT_DATA_SUBSCRIPTION_SORT))
  const [page, setPage] = useState(1)
  const query = useQuery(
    dataSubListQuery(admin.panelId, {
      search: form.query,
      sort: sortText(sort, DEFAULT_DATA_SUBSCRIPTION_SORT),
      page,
    }),
  )

  const { status: formStatus, loaded, failed } = form
  useEffect(() => {
    if (formStatus !== 'loading' || query.isFetching) return
    if (query.isError) failed()
    else loaded()
  }, [formStatus, query.isFetching, query.isError, loaded, failed])

  const columns = useMemo((): DataTableColumn<DataSubscription>[] => {
    const features = (row: DataSubscription) =>
      row.features.map((f) => i18n._(FEATURE_TEXT[f.feature])).join(', ')
    const all: DataTableColumn<DataSubscription>[] = [
      {
        id: 'name',
        header: t`Name`,
        card: 'title',
        cell: (row) => (
          <Link
            to="/admin/data-subs/$dataSubId"
            params={{ dataSubId: String(row.id) }}
            className={styles.link}
          >
            {row.name}
          </Link>
        ),
        csv: (row) => row.name,
      },
      {
        id: 'features',
        header: t`Features`,
        cell: (row) => (row.features.length === 0 ? '—' : features(row)),
        csv: features,
      },
      {
        id: 'group_count',
        header: t`Groups`,
        align: 'end',
        cell: (row) => numberFormat(i18n.locale).format(row.group_count),
        csv: (row) => row.group_count,
      },
      {
        id: 'id',
        header: t`Subscription id`,
        cell: (row) => String(row.id),
        csv: (row) => row.id,
        hiddenByDefault: true,
      },
    ]
    return all.map((column) => ({ ...column, sortable: SORTABLE.has(column.id) }))
  }, [t, i18n])

  const pagination = query.data?.meta.pagination
  const status = listStatus(query, online)

  return (
    <>
      <PageTitle documentTitle={t`Data subscriptions`}>
        <Trans>Data subscriptions</Trans>
      </PageTitle>
      {isUserMigrated(query.error) ? (
        <DataSubsMigrated />
      ) : (
        <>
          <SearchForm form={form} label={t`Search data subscriptions`} submitLabel={t`Search`} />
          {form.query !== '' ? (
            <div className={styles.row}>
              <Button
                variant="text"
                onClick={() => {
                  form.clear()
                  setPage(1)
                }}
              >
                <Trans>Show all data subscriptions</Trans>
              </Button>
            </div>
          ) : null}
          {!online && query.data !== undefined ? (
            <Alert variant="info">
              <Trans>You are offline: this is the list as last loaded.</Trans>
            </Alert>
          ) : null}
          <DataTable
            caption={t`Data subscriptions`}
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
                <Plural
                  value={pagination?.total ?? 0}
                  one="# data subscription"
                  other="# data subscriptions"
                />
              ) : undefined
            }
            empty={
              <p className={styles.muted}>
                {form.query !== '' ? (
                  <Trans>No data subscription matches this search.</Trans>
                ) : (
                  <Trans>This panel has no data subscriptions.</Trans>
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
              fileName: `data-subscriptions-${String(admin.panelId)}.csv`,
              encode: encodeCsv,
            }}
          />
        </>
      )}
    </>
  )
}
