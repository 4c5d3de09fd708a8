import { useMemo } from 'react'
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
import type { DataTableColumn } from '../../ui/DataTable'
import { AdminList, useAdminList } from './AdminList'
import { FEATURE_TEXT, listNames } from './data-subs'
import { DataSubsMigrated } from './DataSubsMigrated'
import { useAdmin } from './shared'
import styles from './Admin.module.css'

/**
 * Seeds 001 §2.6 data-subs (issue 25): the panel's data subscriptions, searchable by name; each
 * opens its feature subscriptions, groups and users. Blocked for migrated accounts (§6).
 */
export function DataSubsPage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const list = useAdminList(DEFAULT_DATA_SUBSCRIPTION_SORT)
  const query = useQuery(
    dataSubListQuery(admin.panelId, {
      search: list.form.query,
      sort: list.sortText,
      page: list.page,
    }),
  )

  const columns = useMemo((): DataTableColumn<DataSubscription>[] => {
    const features = (row: DataSubscription) =>
      listNames(
        i18n.locale,
        row.features.map((f) => i18n._(FEATURE_TEXT[f.feature])),
      )
    return [
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
  }, [t, i18n])

  return (
    <AdminList
      list={list}
      query={query}
      title={t`Data subscriptions`}
      instead={isUserMigrated(query.error) ? <DataSubsMigrated /> : undefined}
      searchLabel={t`Search data subscriptions`}
      showAll={<Trans>Show all data subscriptions</Trans>}
      caption={t`Data subscriptions`}
      columns={columns}
      sortFields={DATA_SUBSCRIPTION_SORT_FIELDS}
      rowKey={(row) => String(row.id)}
      summary={(total) => (
        <Plural value={total} one="# data subscription" other="# data subscriptions" />
      )}
      empty={{
        search: <Trans>No data subscription matches this search.</Trans>,
        none: <Trans>This panel has no data subscriptions.</Trans>,
      }}
      csvFileName={`data-subscriptions-${String(admin.panelId)}.csv`}
    />
  )
}
