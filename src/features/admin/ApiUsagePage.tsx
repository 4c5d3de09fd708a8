import { useMemo } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import {
  DEFAULT_INSTANT_TEST_API_USAGE_SORT,
  INSTANT_TEST_API_USAGE_SORT_FIELDS,
  type InstantTestApiUsage,
} from '#contracts/admin.ts'
import { apiUsageQuery } from '../../api/admin-usage.api'
import { numberFormat } from '../../lib/number-format'
import type { DataTableColumn } from '../../ui/DataTable'
import { AdminList, useAdminList } from './AdminList'
import { useAdmin } from './shared'

/** A usage month (YYYY-MM) as the reader says it ("November 2026"). */
export function monthText(month: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month)
  if (!match) return month
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(date)
}

/**
 * Seeds 001 §2.6 instant-test-api-usage (issue 25; instant_test_api_manage): the Instant Test
 * API's use per token and month, newest month first; search by token name, sort, 50 a page.
 * Until that API exists (a later issue) the list is the real one, and empty.
 */
export function ApiUsagePage() {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const list = useAdminList(DEFAULT_INSTANT_TEST_API_USAGE_SORT)
  const query = useQuery(
    apiUsageQuery(admin.panelId, { search: list.form.query, sort: list.sortText, page: list.page }),
  )

  const columns = useMemo((): DataTableColumn<InstantTestApiUsage>[] => {
    const count = (value: number) => numberFormat(i18n.locale).format(value)
    return [
      {
        id: 'token_name',
        header: t`Token`,
        card: 'title',
        cell: (row) => <bdi>{row.token_name}</bdi>,
        csv: (row) => row.token_name,
      },
      {
        id: 'month',
        header: t`Month`,
        cell: (row) => monthText(row.month, i18n.locale),
        csv: (row) => row.month,
      },
      {
        id: 'requests',
        header: t`Requests`,
        align: 'end',
        cell: (row) => count(row.requests),
        csv: (row) => row.requests,
      },
      {
        id: 'tests',
        header: t`Tests run`,
        align: 'end',
        cell: (row) => count(row.tests),
        csv: (row) => row.tests,
      },
    ]
  }, [t, i18n])

  return (
    <AdminList
      list={list}
      query={query}
      title={t`Instant Test API usage`}
      searchLabel={t`Search by token name`}
      showAll={<Trans>Show all usage</Trans>}
      caption={t`Instant Test API usage`}
      columns={columns}
      sortFields={INSTANT_TEST_API_USAGE_SORT_FIELDS}
      rowKey={(row) => `${String(row.token_id)}-${row.month}`}
      summary={(total) => <Plural value={total} one="# token month" other="# token months" />}
      empty={{
        search: <Trans>No token matches this search.</Trans>,
        none: (
          <Trans>
            No Instant Test API usage yet: tokens of the Instant Test API and their use appear here
            once it is used.
          </Trans>
        ),
      }}
      csvFileName={`instant-test-api-usage-${String(admin.panelId)}.csv`}
    />
  )
}
