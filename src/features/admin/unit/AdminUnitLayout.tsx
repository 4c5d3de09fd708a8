import { useId, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { mayTriggerTest } from '#contracts/access.ts'
import type { AdminUnit } from '#contracts/admin-unit.ts'
import { CommonCodes } from '#contracts/errors.ts'
import { adminUnitQuery } from '../../../api/admin-unit.api'
import { ApiError } from '../../../api/http'
import { useOnline } from '../../../offline/online-state'
import { queryErrorMessage } from '../../../offline/QueryStatus'
import { useSession } from '../../../session'
import { Alert, Button, PageTitle, Spinner } from '../../../ui'
import { TabLink, TabNav } from '../../../ui/TabNav'
import { InstantTestPanel } from '../../instant-test'
import { AgentStateBadge, Badge, Facts, listStatus, useAdmin, useDateTime } from '../shared'
import styles from './AdminUnit.module.css'
import { formatIdNumber } from '../../../lib/number-format'

/**
 * The frame of /admin/unit/{unitId} (seeds 001 §2.6, issue 25): the unit's header (id, MAC, ISP,
 * package, last seen, state) with "Trigger test" (Agent trigger_testing, as everywhere) and "View
 * in analytics", then the four tabs, then the tab. The tabs wait for the unit: refused, missing
 * or offline, only the reason is shown. Reports are not offered until that area exists.
 */
export function AdminUnitLayout({ unitId, children }: { unitId: number; children: ReactNode }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const online = useOnline()
  const query = useQuery(adminUnitQuery(admin.panelId, unitId))
  const status = listStatus(query, online)
  const id = String(unitId)
  const unitNumber = formatIdNumber(i18n.locale, unitId)
  const title = t`Unit ${unitNumber}`
  const missing = query.error instanceof ApiError && query.error.code === CommonCodes.NOT_FOUND

  return (
    <div className={styles.page}>
      <Link to="/admin/agent/$agentId" params={{ agentId: id }} className={styles.back}>
        <Trans>Agent {unitNumber}</Trans>
      </Link>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {status === 'loading' ? <Spinner label={t`Loading…`} /> : null}
      {status === 'offline' ? (
        <Alert variant="info">
          <Trans>You are offline. This unit can be shown once you are back online.</Trans>
        </Alert>
      ) : null}
      {status === 'error' ? (
        missing ? (
          <Alert variant="error" title={<Trans>This unit could not be found</Trans>}>
            <Trans>It may belong to another panel, or it no longer exists.</Trans>
          </Alert>
        ) : (
          <Alert variant="error" title={<Trans>The unit could not be loaded</Trans>}>
            {i18n._(queryErrorMessage(query.error))}
          </Alert>
        )
      ) : null}
      {query.data === undefined ? null : (
        <>
          <UnitHeader unit={query.data} />
          <UnitTabs unitId={id} />
          {children}
        </>
      )}
    </div>
  )
}

function UnitHeader({ unit }: { unit: AdminUnit }) {
  const { t } = useLingui()
  const session = useSession()
  const dateTime = useDateTime()
  const testRegion = useId()
  const [testing, setTesting] = useState(false)
  const mayTest =
    session !== null && mayTriggerTest(session.grants, { id: unit.id, panelId: unit.panel_id })
  const offline = unit.offline_status.offline

  return (
    <section className={styles.header} aria-label={t`Unit summary`}>
      <div className={styles.badges}>
        <AgentStateBadge state={unit.state} />
        <Badge tone={offline ? 'poor' : 'good'}>
          {offline ? <Trans>Offline</Trans> : <Trans>Online</Trans>}
        </Badge>
      </div>
      <Facts
        items={[
          { label: <Trans>Unit ID</Trans>, value: String(unit.id), ltr: true },
          { label: <Trans>MAC address</Trans>, value: unit.mac, ltr: true },
          { label: <Trans>ISP</Trans>, value: unit.isp?.name ?? null },
          { label: <Trans>Package</Trans>, value: unit.package?.name ?? null },
          { label: <Trans>Last seen</Trans>, value: dateTime(unit.last_seen) },
        ]}
      />
      <div className={styles.actions}>
        {mayTest ? (
          <Button
            variant="secondary"
            aria-expanded={testing}
            aria-controls={testRegion}
            onClick={() => {
              setTesting((open) => !open)
            }}
          >
            <Trans>Trigger test</Trans>
          </Button>
        ) : null}
        <Link to="/analytics" search={{ unit: unit.id }} className={styles.actionLink}>
          <Trans>View in analytics</Trans>
        </Link>
      </div>
      <div id={testRegion}>
        {mayTest && testing ? (
          <InstantTestPanel
            unitId={unit.id}
            wording="engineer"
            unitOffline={offline}
            unitDetails={{ is_tt_compatible: unit.is_tt_compatible, environment: unit.environment }}
          />
        ) : null}
      </div>
    </section>
  )
}

function UnitTabs({ unitId }: { unitId: string }) {
  const { t } = useLingui()
  const params = { unitId }
  return (
    <TabNav label={t`Unit pages`} variant="pills">
      <TabLink to="/admin/unit/$unitId/details" params={params}>
        <Trans>Details</Trans>
      </TabLink>
      <TabLink to="/admin/unit/$unitId/daily-summaries" params={params}>
        <Trans>Daily summaries</Trans>
      </TabLink>
      <TabLink to="/admin/unit/$unitId/disconnections" params={params}>
        <Trans>Disconnections</Trans>
      </TabLink>
      <TabLink to="/admin/unit/$unitId/instant-tests" params={params}>
        <Trans>Instant tests</Trans>
      </TabLink>
    </TabNav>
  )
}
