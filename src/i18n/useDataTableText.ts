import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { csvFile } from '../lib/csv'
import { numberFormat } from '../lib/number-format'
import type { DataTableCsvCell, DataTableLabels } from '../ui/DataTable'

/**
 * The data table's words in the active locale, and its CSV encoding (the seeds' CSV rules in
 * src/lib/csv.ts: formula cells neutralised, a BOM, the locale's delimiter). Every list passes
 * these to ui/DataTable, overriding a word where the list has its own ("Searching…").
 */
export function useDataTableText(): {
  labels: DataTableLabels
  encodeCsv: (rows: DataTableCsvCell[][]) => string
} {
  const { i18n, t } = useLingui()
  const locale = i18n.locale
  return useMemo(() => {
    const count = (n: number) => numberFormat(locale).format(n)
    return {
      labels: {
        sortBy: t`Sort by`,
        sortNone: t`Default order`,
        sortAscending: (column: string) => t`${column}, ascending`,
        sortDescending: (column: string) => t`${column}, descending`,
        columns: t`Columns`,
        downloadCsv: t`Download CSV`,
        loading: t`Loading…`,
        empty: t`Nothing to show.`,
        errorTitle: t`The list could not be loaded`,
        retry: t`Retry`,
        offline: t`You are offline: this list comes back when you are online.`,
        pageSize: t`Rows per page`,
        pagination: t`Pages`,
        previousPage: t`Previous page`,
        nextPage: t`Next page`,
        pageOf: (page: number, pageCount: number) => {
          const current = count(page)
          const last = count(pageCount)
          return t`Page ${current} of ${last}`
        },
      },
      encodeCsv: (rows: DataTableCsvCell[][]) => csvFile(rows, locale),
    }
  }, [locale, t])
}
