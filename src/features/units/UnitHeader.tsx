import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { UnitDetail } from '#contracts/unit-search.ts'
import { disconnectionInProgressQueryOptions } from '../../api/unit-analytics.api'
import { useSession } from '../../session'
import { AreaOutage } from '../consumer/parts'
import { EmailAddress } from './EmailAddress'
import { LastSeen } from './LastSeen'
import { UnitConnection } from './UnitConnection'
import styles from './Units.module.css'
import { formatNumber } from '../../lib/value-format'

function Fact({
  term,
  children,
  ltr = false,
}: {
  term: ReactNode
  children: ReactNode
  ltr?: boolean
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={ltr ? styles.ltr : undefined}>{children}</dd>
    </div>
  )
}

function None() {
  return (
    <span className={styles.muted}>
      <Trans>None</Trans>
    </span>
  )
}

function PackageFact({
  pkg,
}: {
  pkg: { name: string; download_kbps: number; upload_kbps: number }
}) {
  const { i18n } = useLingui()
  const name = pkg.name
  const down = formatNumber(i18n.locale, pkg.download_kbps / 1000)
  const up = formatNumber(i18n.locale, pkg.upload_kbps / 1000)
  return (
    <Trans>
      {name}, {down} / {up} Mbps
    </Trans>
  )
}

/**
 * The unit pages' header (seeds 001 §3 unit): its connection state and any area outage first
 * (what the engineer came for), then serial, MAC, panel, customer, ISP and package, last seen
 * and test schedule.
 */
export function UnitHeader({
  unit,
  data,
}: {
  unit: UnitDetail
  /** When the unit's data was fetched and whether it is live (a saved copy says "last known"). */
  data?: { live: boolean; updatedAt: number }
}) {
  const session = useSession()
  const inProgress = useQuery(disconnectionInProgressQueryOptions(unit.id))
  const user = unit.user
  const pkg = unit.package
  return (
    <div className={styles.header}>
      <UnitConnection
        unit={unit}
        disconnectionSince={inProgress.data?.[0]?.dtime ?? null}
        data={data}
      />
      <AreaOutage session={session} unitId={unit.id} unitPanelId={unit.panel_id} />
      <dl className={styles.facts}>
        <Fact term={<Trans>Serial number</Trans>} ltr>
          {unit.serial_number}
        </Fact>
        <Fact term={<Trans>MAC address</Trans>} ltr>
          {unit.mac}
        </Fact>
        <Fact term={<Trans>Panel</Trans>}>{unit.panel?.front_name ?? unit.panel_id}</Fact>
        <Fact term={<Trans>Customer</Trans>}>
          {user ? (
            <>
              {`${user.first_name} ${user.last_name}`.trim()} <EmailAddress email={user.email} />
            </>
          ) : (
            <None />
          )}
        </Fact>
        <Fact term={<Trans>ISP</Trans>}>{unit.isp?.name ?? <None />}</Fact>
        <Fact term={<Trans>Package</Trans>}>{pkg ? <PackageFact pkg={pkg} /> : <None />}</Fact>
        <Fact term={<Trans>Last seen</Trans>}>
          <LastSeen value={unit.last_seen} />
        </Fact>
        {unit.lmap_config ? (
          <Fact term={<Trans>Test schedule</Trans>}>{unit.lmap_config.schedule}</Fact>
        ) : null}
      </dl>
    </div>
  )
}
