import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { countryName } from '../../lib/country-name'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { UnitAddress } from '#contracts/units.ts'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession, type Session } from '../../session'
import { Alert, PageTitle } from '../../ui'
import {
  countriesQueryOptions,
  personalInformationQueryOptions,
  unitLocationQueryOptions,
} from './settings.queries'
import { hasInstallationAddress, settingsUnitId } from './session-unit'
import { AppearanceSetting } from './AppearanceSetting'
import styles from './settings.module.css'

/** What the page confirms after a change (the sub-pages come back with it). */
export type PersonalDetailsUpdate = 'name' | 'email' | 'password' | 'address' | 'address-queued'

function UpdatedMessage({ updated }: { updated: PersonalDetailsUpdate }) {
  switch (updated) {
    case 'name':
      return <Alert variant="success" title={<Trans>Your name has been changed</Trans>} />
    case 'email':
      return <Alert variant="success" title={<Trans>Your email address has been changed</Trans>} />
    case 'password':
      return (
        <Alert variant="success" title={<Trans>Your password has been changed</Trans>}>
          <Trans>You stay signed in here; your other sign-ins have been ended.</Trans>
        </Alert>
      )
    case 'address':
      return (
        <Alert variant="success" title={<Trans>Your installation address has been saved</Trans>} />
      )
    case 'address-queued':
      return (
        <Alert
          variant="info"
          title={<Trans>Your installation address is saved on this device</Trans>}
        >
          <Trans>
            It will be sent when you are back online. Pending changes shows its progress.
          </Trans>
        </Alert>
      )
  }
}

function Detail({
  term,
  children,
  action,
}: {
  term: ReactNode
  children: ReactNode
  action: ReactNode
}) {
  return (
    // dt and dd straight in the row (a dl's rule); the action is the row's last dd.
    <div className={styles.detail}>
      <dt>{term}</dt>
      <dd>{children}</dd>
      <dd className={styles.detailAction}>{action}</dd>
    </div>
  )
}

/** The lines of an address as shown, one per line. */
export function addressLines(address: UnitAddress, countryName: string | undefined): string {
  return [address.line1, address.line2, address.line3, address.city, address.postcode, countryName]
    .filter((line) => line !== null && line !== undefined && line !== '')
    .join('\n')
}

function InstallationAddress({ session, unitId }: { session: Session; unitId: number }) {
  const { i18n } = useLingui()
  const query = useQuery(unitLocationQueryOptions(session.sub, unitId))
  const countries = useQuery(countriesQueryOptions())
  const country = countries.data?.find((c) => c.id === query.data?.address?.country_id)
  return (
    <QueryStatus query={query}>
      {(location) => (
        <dl className={styles.details}>
          <Detail
            term={<Trans>Installation address</Trans>}
            action={
              <Link to="/settings/personal-details/address" className={styles.link}>
                <Trans>Edit address</Trans>
              </Link>
            }
          >
            {location.address ? (
              // Each line in its own direction: "65 Riccarton Road" stays in that order in Arabic.
              <span className={styles.address}>
                {addressLines(
                  location.address,
                  country ? countryName(country, i18n.locale) : undefined,
                )}
              </span>
            ) : (
              <Trans>No address yet</Trans>
            )}
          </Detail>
        </dl>
      )}
    </QueryStatus>
  )
}

/** Seeds 2.4 personal details: name, email, password and (consumers) installation address. */
export function PersonalDetailsPage({ updated }: { updated?: PersonalDetailsUpdate }) {
  const { t } = useLingui()
  const session = useSession()
  const query = useQuery({
    ...personalInformationQueryOptions(session?.sub ?? ''),
    enabled: session !== null,
    // The session already knows the names and email: shown at once, even offline.
    placeholderData: session
      ? {
          first_name: session.firstName,
          last_name: session.lastName,
          email: session.email,
          default_locale: null,
        }
      : undefined,
  })
  if (!session) return null
  const unitId = settingsUnitId(session)

  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Personal details`}>
        <Trans>Personal details</Trans>
      </PageTitle>
      {updated ? <UpdatedMessage updated={updated} /> : null}
      <section className={styles.section} aria-labelledby="personal-account">
        <h2 id="personal-account" className={styles.sectionTitle}>
          <Trans>Your account</Trans>
        </h2>
        <QueryStatus query={query}>
          {(info) => (
            <dl className={styles.details}>
              <Detail
                term={<Trans>Name</Trans>}
                action={
                  <Link to="/settings/personal-details/name" className={styles.link}>
                    <Trans>Edit name</Trans>
                  </Link>
                }
              >
                {`${info.first_name} ${info.last_name}`.trim()}
              </Detail>
              <Detail
                term={<Trans>Email</Trans>}
                action={
                  <Link to="/settings/personal-details/email" className={styles.link}>
                    <Trans>Change email</Trans>
                  </Link>
                }
              >
                {info.email}
              </Detail>
              <Detail
                term={<Trans>Password</Trans>}
                action={
                  <Link to="/settings/personal-details/password" className={styles.link}>
                    <Trans>Change password</Trans>
                  </Link>
                }
              >
                <span aria-label={t`Hidden`}>••••••••••</span>
              </Detail>
            </dl>
          )}
        </QueryStatus>
      </section>
      {hasInstallationAddress(session) && unitId !== null ? (
        <section className={styles.section} aria-labelledby="personal-installation">
          <h2 id="personal-installation" className={styles.sectionTitle}>
            <Trans>Your Whitebox</Trans>
          </h2>
          <InstallationAddress session={session} unitId={unitId} />
        </section>
      ) : null}
      <AppearanceSetting />
    </div>
  )
}
