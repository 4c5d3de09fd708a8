import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { AccessibleUnit } from '#contracts/units.ts'
import { accessibleUnitQueryOptions } from '../../api/units.api'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession } from '../../session'
import { formatMetricValue } from './format'
import styles from './Dashboard.module.css'

/** The details tab (seeds 2.6): the agent's attributes. */
export function AgentDetailsPage({ unitId }: { unitId: number }) {
  const session = useSession()
  const query = useQuery({
    ...accessibleUnitQueryOptions(session?.sub ?? '', unitId),
    enabled: session !== null,
  })
  return (
    <div className={styles.stack}>
      <section className={styles.section} aria-labelledby="details-title">
        <h2 id="details-title" className={styles.sectionTitle}>
          <Trans>Whitebox details</Trans>
        </h2>
        <QueryStatus query={query}>{(unit) => <UnitDetails unit={unit} />}</QueryStatus>
      </section>
    </div>
  )
}

/** The environment attributes the app knows, with their values in words. */
function EnvironmentItem({ name, value }: { name: string; value: unknown }) {
  const { t } = useLingui()
  const labels: Record<string, string> = {
    hardware: t`Hardware`,
    firmware: t`Firmware`,
    connection: t`Connection`,
    mobile: t`Mobile unit`,
    install_state: t`Installation`,
  }
  const words: Record<string, string> = {
    fibre: t`Fibre`,
    mobile: t`Mobile`,
    dsl: t`DSL`,
    cable: t`Cable`,
    satellite: t`Satellite`,
    fixed_wireless: t`Fixed wireless`,
    awaiting_first_results: t`Waiting for its first results`,
  }
  const shown =
    typeof value === 'boolean'
      ? value
        ? t`Yes`
        : t`No`
      : typeof value === 'string'
        ? (words[value] ?? value)
        : JSON.stringify(value)
  // An attribute the app does not know keeps the agent's own name (the agent may be newer).
  return (
    <li>
      {labels[name] ?? name}: <span dir="auto">{shown}</span>
    </li>
  )
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function UnitDetails({ unit }: { unit: AccessibleUnit }) {
  const { i18n, t } = useLingui()
  const dateTime = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' })
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' })
  const notKnown = t`Not known`
  const pkg = unit.package
  const down = pkg ? formatMetricValue(i18n, pkg.download_kbps / 1000, 'Mbps') : ''
  const up = pkg ? formatMetricValue(i18n, pkg.upload_kbps / 1000, 'Mbps') : ''
  const packageName = pkg?.name ?? ''
  const address = unit.address
    ? [
        unit.address.line1,
        unit.address.line2,
        unit.address.line3,
        unit.address.city,
        unit.address.postcode,
      ].filter((line): line is string => line !== null && line !== '')
    : []
  const environment = Object.entries(unit.environment ?? {})
  return (
    <dl className={styles.details}>
      <Row label={<Trans>Name</Trans>}>{unit.name}</Row>
      <Row label={<Trans>Label</Trans>}>
        <span className={styles.ltr}>{unit.label}</span>
      </Row>
      <Row label={<Trans>MAC address</Trans>}>
        <span className={styles.ltr}>{unit.mac}</span>
      </Row>
      <Row label={<Trans>Internet provider</Trans>}>{unit.isp?.name ?? notKnown}</Row>
      <Row label={<Trans>Package</Trans>}>
        {pkg ? (
          <Trans>
            {packageName} ({down} down, {up} up)
          </Trans>
        ) : (
          notKnown
        )}
      </Row>
      <Row label={<Trans>Package changed on</Trans>}>
        {pkg?.changed_at ? date.format(Date.parse(pkg.changed_at)) : notKnown}
      </Row>
      <Row label={<Trans>Last seen</Trans>}>
        {unit.last_seen !== null ? (
          dateTime.format(Date.parse(unit.last_seen))
        ) : (
          <Trans>Never</Trans>
        )}
      </Row>
      <Row label={<Trans>Time zone</Trans>}>
        <span className={styles.ltr}>{unit.location?.timezone ?? notKnown}</span>
      </Row>
      <Row label={<Trans>Environment</Trans>}>
        {environment.length === 0 ? (
          notKnown
        ) : (
          <ul className={styles.list}>
            {environment.map(([key, value]) => (
              <EnvironmentItem key={key} name={key} value={value} />
            ))}
          </ul>
        )}
      </Row>
      <Row label={<Trans>Installation address</Trans>}>
        {address.length === 0
          ? notKnown
          : address.map((line, index) => (
              <span key={index}>
                {index > 0 ? <br /> : null}
                {/* Each line in its own direction: a Latin address keeps its order in Arabic. */}
                <bdi>{line}</bdi>
              </span>
            ))}
      </Row>
    </dl>
  )
}
