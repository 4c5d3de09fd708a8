import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession } from '../../session'
import { PageTitle } from '../../ui'
import { formatIsoDate } from './dates'
import { unitPackageQueryOptions } from './settings.queries'
import { canManageUnit, settingsUnitId } from './session-unit'
import { formatMbps } from './speeds'
import styles from './settings.module.css'

/** A package's advertised speeds, under its name. */
export function PackageSpeeds({
  downloadKbps,
  uploadKbps,
}: {
  downloadKbps: number
  uploadKbps: number
}) {
  const { i18n } = useLingui()
  const down = formatMbps(downloadKbps, i18n.locale)
  const up = formatMbps(uploadKbps, i18n.locale)
  return (
    <span className={styles.share}>
      <Trans>
        {down} Mbps down, {up} Mbps up
      </Trans>
    </span>
  )
}

/** Seeds 2.4 broadband details: the unit's ISP, package and change date. */
export function BroadbandDetailsPage() {
  const { i18n, t } = useLingui()
  const session = useSession()
  const unitId = session ? settingsUnitId(session) : null
  const query = useQuery({
    ...unitPackageQueryOptions(session?.sub ?? '', unitId ?? 0),
    enabled: session !== null && unitId !== null,
  })
  if (!session || unitId === null) return null

  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Broadband details`}>
        <Trans>Broadband details</Trans>
      </PageTitle>
      <section className={styles.section} aria-labelledby="broadband-current">
        <h2 id="broadband-current" className={styles.sectionTitle}>
          <Trans>Your broadband</Trans>
        </h2>
        <QueryStatus query={query}>
          {(unit) => (
            <>
              <dl className={styles.details}>
                <div className={styles.detail}>
                  <dt>
                    <Trans>Provider</Trans>
                  </dt>
                  <dd>{unit.isp?.name ?? <Trans>Not known</Trans>}</dd>
                </div>
                <div className={styles.detail}>
                  <dt>
                    <Trans>Package</Trans>
                  </dt>
                  <dd>
                    {unit.package ? (
                      <>
                        {unit.package.name}
                        <PackageSpeeds
                          downloadKbps={unit.package.download_kbps}
                          uploadKbps={unit.package.upload_kbps}
                        />
                      </>
                    ) : (
                      <Trans>Not known</Trans>
                    )}
                  </dd>
                </div>
                <div className={styles.detail}>
                  <dt>
                    <Trans>Changed on</Trans>
                  </dt>
                  <dd>
                    {unit.changed_at ? (
                      formatIsoDate(unit.changed_at, i18n.locale)
                    ) : (
                      <Trans>Not known</Trans>
                    )}
                  </dd>
                </div>
              </dl>
              {canManageUnit(session, unitId) ? (
                <Link to="/settings/broadband-details/update" className={styles.link}>
                  <Trans>Change your package</Trans>
                </Link>
              ) : (
                <p className={styles.muted}>
                  <Trans>To change your package, contact us.</Trans>
                </p>
              )}
            </>
          )}
        </QueryStatus>
      </section>
    </div>
  )
}
