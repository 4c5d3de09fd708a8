import { useCallback, useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { AdminAuditEntry, DataSubscriptionFeature } from '#contracts/admin.ts'
import { auditQuery, type AuditTarget } from '../../api/admin-audit.api'
import { useDataTableText } from '../../i18n/useDataTableText'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Card } from '../../ui'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { AUDIT_ACTION_TEXT, AUDIT_ACTOR_ROLE_TEXT, AUDIT_KEY_TEXT, auditChanges } from './audit-log'
import { FEATURE_TEXT } from './data-subs'
import { listStatus, ROLE_TEXT, useAdmin, useDateTime } from './shared'
import styles from './Admin.module.css'
import { formatIdNumber } from '../../lib/number-format'

const NO_ENTRIES: AdminAuditEntry[] = []

/** A logged value as the reader reads it: yes/no, a role's or a feature's name, counts, a dash. */
function useAuditValue(): (key: string, value: unknown) => string {
  const { t, i18n } = useLingui()
  return useCallback(
    (key: string, value: unknown): string => {
      if (value === null || value === undefined || value === '') return '—'
      if (typeof value === 'boolean') return value ? t`Yes` : t`No`
      if (key === 'role' && typeof value === 'string' && value in ROLE_TEXT) {
        return i18n._(ROLE_TEXT[value as keyof typeof ROLE_TEXT])
      }
      if (key === 'state' && (value === 'active' || value === 'inactive')) {
        return value === 'active' ? t`Active` : t`Inactive`
      }
      if (Array.isArray(value)) {
        if (value.length === 0) return t`None`
        return value
          .map((item) =>
            key === 'features' && typeof item === 'string' && item in FEATURE_TEXT
              ? i18n._(FEATURE_TEXT[item as DataSubscriptionFeature])
              : String(item),
          )
          .join(', ')
      }
      if (typeof value === 'object') {
        return Object.entries(value)
          .map(([name, inner]) => `${name} ${String(inner)}`)
          .join(', ')
      }
      if (typeof value === 'number') return new Intl.NumberFormat(i18n.locale).format(value)
      return typeof value === 'string' ? value : JSON.stringify(value)
    },
    [t, i18n],
  )
}

/**
 * The audit log of one user or agent (issue 25): who changed what, when, and each value before →
 * after; newest first, 50 a page. `keyLabels` names the panel's metadata fields.
 */
/** One object for "no field names", so the columns below are not rebuilt on every render. */
const NO_KEY_LABELS: Readonly<Record<string, string>> = {}

export function AuditLog({
  target,
  keyLabels = NO_KEY_LABELS,
}: {
  target: AuditTarget
  keyLabels?: Readonly<Record<string, string>>
}) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const { labels } = useDataTableText()
  const dateTime = useDateTime()
  const valueOf = useAuditValue()
  const [page, setPage] = useState(1)
  const query = useQuery(auditQuery(admin.panelId, target, page))
  const status = listStatus(query, online)
  const pagination = query.data?.meta.pagination

  const columns = useMemo((): DataTableColumn<AdminAuditEntry>[] => {
    const keyText = (key: string) => {
      const known = AUDIT_KEY_TEXT[key]
      return keyLabels[key] ?? (known ? i18n._(known) : key)
    }
    return [
      {
        id: 'action',
        header: t`What`,
        card: 'title',
        cell: (row) => {
          const known = AUDIT_ACTION_TEXT[row.action]
          return known ? i18n._(known) : row.action
        },
      },
      { id: 'at', header: t`When`, cell: (row) => dateTime(row.at) },
      {
        id: 'actor',
        header: t`Who`,
        dir: 'ltr',
        cell: (row) => {
          if (row.actor_role)
            return <bdi dir="auto">{i18n._(AUDIT_ACTOR_ROLE_TEXT[row.actor_role])}</bdi>
          if (row.actor_email !== null) return <bdi dir="ltr">{row.actor_email}</bdi>
          if (row.actor_id === null) return t`Unknown`
          const id = formatIdNumber(i18n.locale, row.actor_id)
          return t`User ${id}`
        },
      },
      {
        id: 'change',
        header: t`Change`,
        cell: (row) => {
          const changes = auditChanges(row.before, row.after)
          if (changes.length === 0) return '—'
          return (
            <ul className={styles.changes}>
              {changes.map((change) => {
                const name = keyText(change.key)
                const before = valueOf(change.key, change.before)
                const after = valueOf(change.key, change.after)
                return <li key={change.key}>{t`${name}: ${before} → ${after}`}</li>
              })}
            </ul>
          )
        },
      },
    ]
  }, [t, i18n, dateTime, keyLabels, valueOf])

  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Change history</Trans>
      </h2>
      <DataTable
        caption={t`Change history`}
        captionHidden
        columns={columns}
        rows={query.data?.data ?? NO_ENTRIES}
        rowKey={(row) => String(row.id)}
        labels={labels}
        status={status}
        busy={query.isFetching}
        summary={
          status === 'ready' ? (
            <Plural value={pagination?.total ?? 0} one="# change" other="# changes" />
          ) : undefined
        }
        empty={
          <p className={styles.muted}>
            <Trans>No admin changes are recorded yet.</Trans>
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
        cardHeadingLevel={3}
      />
    </Card>
  )
}
