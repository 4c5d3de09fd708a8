import { useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { FeatureSubscription } from '#contracts/admin.ts'
import { dataSubQuery } from '../../api/admin-subs.api'
import { numberFormat } from '../../lib/number-format'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { FEATURE_TEXT, seatState } from './data-subs'
import { Badge, listStatus, useAdmin } from './shared'
import styles from './Admin.module.css'

/**
 * Seeds 001 §2.6 feature-subs: which features the data subscription has, and how many of each
 * feature's seats its groups' users take.
 */
export function DataSubsFeaturesPage({ dataSubId }: { dataSubId: number }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const { labels } = useDataTableText()
  const query = useQuery(dataSubQuery(admin.panelId, dataSubId))

  const columns = useMemo((): DataTableColumn<FeatureSubscription>[] => {
    const seats = (row: FeatureSubscription) => {
      const used = numberFormat(i18n.locale).format(row.seats_used)
      const total = numberFormat(i18n.locale).format(row.seats)
      return t`${used} of ${total}`
    }
    return [
      {
        id: 'feature',
        header: t`Feature`,
        card: 'title',
        sortable: true,
        sortValue: (row) => i18n._(FEATURE_TEXT[row.feature]),
        cell: (row) => i18n._(FEATURE_TEXT[row.feature]),
      },
      {
        id: 'seats',
        header: t`Seats used`,
        sortable: true,
        sortValue: (row) => row.seats_used,
        cell: seats,
      },
      {
        id: 'state',
        header: t`Seats left`,
        cell: (row) => {
          const state = seatState(row.seats_used, row.seats)
          const left = numberFormat(i18n.locale).format(Math.max(0, row.seats - row.seats_used))
          return state === 'free' ? (
            <Badge tone="good">{left}</Badge>
          ) : state === 'full' ? (
            <Badge tone="fair">
              <Trans>Full</Trans>
            </Badge>
          ) : (
            <Badge tone="poor">
              <Trans>Over the seats</Trans>
            </Badge>
          )
        },
      },
    ]
  }, [t, i18n])

  return (
    <DataTable
      caption={t`Feature subscriptions`}
      columns={columns}
      rows={query.data?.features ?? []}
      rowKey={(row) => row.feature}
      labels={labels}
      sort={{ id: 'feature', desc: false }}
      status={listStatus(query, online)}
      busy={query.isFetching}
      empty={
        <p className={styles.muted}>
          <Trans>This data subscription has no features yet.</Trans>
        </p>
      }
      error={i18n._(queryErrorMessage(query.error))}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  )
}
