import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CommonCodes } from '#contracts/errors.ts'
import { dataSubQuery, isUserMigrated } from '../../api/admin-subs.api'
import { ApiError } from '../../api/http'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, PageTitle, Spinner } from '../../ui'
import { TabLink, TabNav } from '../../ui/TabNav'
import { DataSubsMigrated } from './DataSubsMigrated'
import { listStatus, useAdmin } from './shared'
import styles from './Admin.module.css'
import { formatIdNumber } from '../../lib/number-format'

/**
 * Seeds 001 §2.6 data-subs/{dataSubId} (issue 25): the subscription's name and its three pages,
 * feature subscriptions, groups and users. The pages wait for the subscription; a migrated account
 * reads why it has none (§6), a subscription of another panel is not found.
 */
export function DataSubsDetailLayout({
  dataSubId,
  children,
}: {
  dataSubId: number
  children: ReactNode
}) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const query = useQuery(dataSubQuery(admin.panelId, dataSubId))
  const status = listStatus(query, online)
  const id = String(dataSubId)
  const subNumber = formatIdNumber(i18n.locale, dataSubId)
  const title = query.data?.name ?? t`Data subscription ${subNumber}`
  const params = { dataSubId: id }
  const missing = query.error instanceof ApiError && query.error.code === CommonCodes.NOT_FOUND

  return (
    <>
      <Link to="/admin/data-subs" className={styles.back}>
        <Trans>All data subscriptions</Trans>
      </Link>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {status === 'loading' ? <Spinner label={t`Loading…`} /> : null}
      {status === 'offline' ? (
        <Alert variant="info">
          <Trans>
            You are offline. This data subscription can be shown once you are back online.
          </Trans>
        </Alert>
      ) : null}
      {status === 'error' ? (
        isUserMigrated(query.error) ? (
          <DataSubsMigrated />
        ) : missing ? (
          <Alert variant="error" title={<Trans>This data subscription could not be found</Trans>}>
            <Trans>It may belong to another panel, or it no longer exists.</Trans>
          </Alert>
        ) : (
          <Alert variant="error" title={<Trans>The data subscription could not be loaded</Trans>}>
            {i18n._(queryErrorMessage(query.error))}
          </Alert>
        )
      ) : null}
      {query.data !== undefined ? (
        <>
          <TabNav label={t`Data subscription pages`} variant="pills">
            <TabLink to="/admin/data-subs/$dataSubId/feature-subs" params={params}>
              <Trans>Feature subscriptions</Trans>
            </TabLink>
            <TabLink to="/admin/data-subs/$dataSubId/groups" params={params}>
              <Trans>Groups</Trans>
            </TabLink>
            <TabLink to="/admin/data-subs/$dataSubId/users" params={params}>
              <Trans>Users</Trans>
            </TabLink>
          </TabNav>
          {children}
        </>
      ) : null}
    </>
  )
}
