import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminUnit } from '#contracts/admin-unit.ts'
import {
  adminUnitKeys,
  adminUnitPackagesQuery,
  adminUnitQuery,
  putAdminUnitPackage,
} from '../../../api/admin-unit.api'
import { adminKeys } from '../../../api/admin.api'
import { unitAnalyticsKeys } from '../../../api/unit-analytics.api'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
} from '../../../forms'
import { queryErrorMessage } from '../../../offline/QueryStatus'
import { Alert, Button, Card, SelectField, Spinner } from '../../../ui'
import { UnitAnomalyList } from '../../fault-finder'
import { Facts, useAdmin, useDateTime } from '../shared'
import { packageUpdateMessage } from './package-update'
import { formatSpeed } from './unit-format'
import styles from './AdminUnit.module.css'

/**
 * /admin/unit/{unitId}/details (seeds 001 §2.6, §3 Unit with its §7.3 includes): the unit, its
 * owner, connection, location and test schedule, and the package update form (agents_manage).
 */
export function UnitDetailsPage({ unitId }: { unitId: number }) {
  const admin = useAdmin()
  // The layout has loaded the unit before any tab shows: this reads the same query.
  const unit = useQuery(adminUnitQuery(admin.panelId, unitId)).data
  if (unit === undefined) return null
  return (
    <div className={styles.stack}>
      <div className={styles.grid}>
        <UnitCard unit={unit} />
        <ConnectionCard unit={unit} />
        <OwnerCard unit={unit} />
        <LocationCard unit={unit} />
        <EnvironmentCard unit={unit} />
        <AnomaliesCard unitId={unitId} />
      </div>
      {admin.manageAgents ? <PackageCard unit={unit} /> : null}
    </div>
  )
}

function UnitCard({ unit }: { unit: AdminUnit }) {
  const { i18n } = useLingui()
  const scheduleName = unit.lmap_config.schedule
  const perDay = new Intl.NumberFormat(i18n.locale).format(unit.lmap_config.tests_per_day)
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Unit</Trans>
      </h2>
      <Facts
        items={[
          { label: <Trans>Serial number</Trans>, value: unit.serial_number, ltr: true },
          { label: <Trans>Label</Trans>, value: unit.label, ltr: true },
          { label: <Trans>Panel</Trans>, value: unit.panel.front_name },
          {
            label: <Trans>Instant tests</Trans>,
            value: unit.is_tt_compatible ? <Trans>Supported</Trans> : <Trans>Not supported</Trans>,
          },
          {
            label: <Trans>Test schedule</Trans>,
            value: (
              <Trans>
                {scheduleName} ({perDay} tests a day)
              </Trans>
            ),
          },
        ]}
      />
    </Card>
  )
}

function ConnectionCard({ unit }: { unit: AdminUnit }) {
  const { i18n } = useLingui()
  const dateTime = useDateTime()
  const pkg = unit.package
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Internet connection</Trans>
      </h2>
      <Facts
        items={[
          { label: <Trans>Country</Trans>, value: unit.country?.name ?? null },
          { label: <Trans>ISP</Trans>, value: unit.isp?.name ?? null },
          { label: <Trans>Package</Trans>, value: pkg?.name ?? null },
          {
            label: <Trans>Download</Trans>,
            value: pkg ? formatSpeed(i18n.locale, pkg.download_kbps) : null,
          },
          {
            label: <Trans>Upload</Trans>,
            value: pkg ? formatSpeed(i18n.locale, pkg.upload_kbps) : null,
          },
          { label: <Trans>Package since</Trans>, value: dateTime(unit.package_changed_at) },
        ]}
      />
    </Card>
  )
}

function OwnerCard({ unit }: { unit: AdminUnit }) {
  const user = unit.user
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : ''
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Owner</Trans>
      </h2>
      {user === null ? (
        <p className={styles.muted}>
          <Trans>Nobody owns this unit.</Trans>
        </p>
      ) : (
        <Facts
          items={[
            { label: <Trans>Name</Trans>, value: name === '' ? null : name },
            { label: <Trans>Email</Trans>, value: user.email, ltr: true },
          ]}
        />
      )}
    </Card>
  )
}

function LocationCard({ unit }: { unit: AdminUnit }) {
  const { i18n } = useLingui()
  const address = unit.address
  const geo = unit.geo_data
  const coordinate = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 4 })
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Location</Trans>
      </h2>
      <Facts
        items={[
          { label: <Trans>Time zone</Trans>, value: unit.location.timezone, ltr: true },
          {
            label: <Trans>Address</Trans>,
            value:
              address === null ? null : (
                <address style={{ fontStyle: 'normal' }}>
                  {[address.line1, address.line2, address.line3, address.city, address.postcode]
                    .filter((line): line is string => line !== null && line !== '')
                    .map((line, index) => (
                      // Each line reads in its own direction ("142 Collins Street" in Arabic too).
                      <div key={index}>
                        <bdi>{line}</bdi>
                      </div>
                    ))}
                </address>
              ),
          },
          {
            label: <Trans>Position</Trans>,
            value:
              geo === null
                ? null
                : `${coordinate.format(geo.latitude)}, ${coordinate.format(geo.longitude)}`,
            ltr: true,
          },
        ]}
      />
    </Card>
  )
}

function EnvironmentCard({ unit }: { unit: AdminUnit }) {
  const entries = Object.entries(unit.environment)
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Environment</Trans>
      </h2>
      {entries.length === 0 ? (
        <p className={styles.muted}>
          <Trans>The unit has not reported its environment yet.</Trans>
        </p>
      ) : (
        // The unit's own keys and values (hardware, firmware, connection): not translated.
        <Facts
          items={entries.map(([key, value]) => ({ label: key, value: String(value), ltr: true }))}
        />
      )}
    </Card>
  )
}

/** Seeds 001 §2.6 "anomaly inbox" widget: what the fault finder sees going on in the unit's area. */
function AnomaliesCard({ unitId }: { unitId: number }) {
  return (
    <Card>
      <h2 className={styles.heading}>
        <Trans>Anomaly inbox</Trans>
      </h2>
      <UnitAnomalyList unitId={unitId} />
    </Card>
  )
}

const FIELDS = { package_id: { noun: msg`package`, control: 'package' } }
type PackageField = keyof typeof FIELDS

/**
 * Seeds 001 §8 package update (admin broadband data): one of the unit's ISP's packages. Success
 * says so and the page's data reloads; a unit without a country, a list that failed to load and an
 * update the server could not make each have their message.
 */
function PackageCard({ unit }: { unit: AdminUnit }) {
  const { t, i18n } = useLingui()
  const admin = useAdmin()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const hasCountry = unit.country !== null
  const ispName = unit.isp?.name ?? null
  const packages = useQuery({
    ...adminUnitPackagesQuery(admin.panelId, unit.id),
    enabled: hasCountry,
  })
  const [packageId, setPackageId] = useState(unit.package ? String(unit.package.id) : '')
  const form = useFormSubmit<PackageField>({ formRef })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)
  const message = packageUpdateMessage(hasCountry, form.status, form.failure)

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const local: FieldCodes<PackageField> = packageId === '' ? { package_id: 'MISSING' } : {}
    await form.submit({
      local,
      fieldOf: fieldIn(FIELDS),
      send: async () => {
        const updated = await putAdminUnitPackage(admin.panelId, unit.id, Number(packageId))
        queryClient.setQueryData(adminUnitKeys.unit(admin.panelId, unit.id), updated)
        // The page's data reloads: the unit, the agents list and the results compared with it.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: adminUnitKeys.unit(admin.panelId, unit.id) }),
          queryClient.invalidateQueries({ queryKey: adminKeys.agents(admin.panelId) }),
          queryClient.invalidateQueries({ queryKey: unitAnalyticsKeys.unit(unit.id) }),
        ])
      },
    })
  }

  return (
    <Card>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
        <h2 className={styles.heading}>
          <Trans>Change the package</Trans>
        </h2>
        <div role="status">
          {message === 'success' ? (
            <Alert variant="success" title={<Trans>The package is updated.</Trans>} />
          ) : null}
        </div>
        {message === 'noCountry' ? (
          <FormAlert variant="error" title={<Trans>No country is set for this unit</Trans>}>
            <Trans>
              Its package cannot be changed until the unit has a country (an address or an ISP).
            </Trans>
          </FormAlert>
        ) : null}
        {message === 'cannotUpdate' ? (
          <FormAlert variant="error" title={<Trans>The package could not be updated</Trans>}>
            <Trans>Something went wrong. Please try again.</Trans>
          </FormAlert>
        ) : null}
        {message === 'offline' ? (
          <FormAlert variant="warning" title={<Trans>You are offline</Trans>}>
            <Trans>
              Changing the package needs an internet connection. Try again when you are back online.
            </Trans>
          </FormAlert>
        ) : null}
        <ErrorSummary items={summary} formRef={formRef} />
        {!hasCountry ? null : packages.data === undefined ? (
          packages.isError ? (
            <FormAlert variant="error" title={<Trans>The package list could not be loaded</Trans>}>
              {i18n._(queryErrorMessage(packages.error))}{' '}
              <Button
                variant="link"
                onClick={() => {
                  void packages.refetch()
                }}
              >
                <Trans>Retry</Trans>
              </Button>
            </FormAlert>
          ) : (
            <Spinner label={t`Loading packages…`} />
          )
        ) : packages.data.length === 0 ? (
          <p className={styles.muted}>
            <Trans>The unit’s ISP has no packages to choose from.</Trans>
          </p>
        ) : (
          <>
            <SelectField
              label={<Trans>Package</Trans>}
              hint={
                ispName === null ? undefined : <Trans>Packages of {ispName}, from today.</Trans>
              }
              name="package"
              required
              value={packageId}
              error={errorFor('package_id')}
              onChange={(e) => {
                setPackageId(e.target.value)
                form.edited('package_id')
              }}
            >
              <option value="">{t`Choose a package`}</option>
              {packages.data.map((pkg) => (
                <option key={pkg.id} value={String(pkg.id)}>
                  {pkg.name}
                </option>
              ))}
            </SelectField>
            <div>
              <Button type="submit" loading={form.submitting}>
                <Trans>Save package</Trans>
              </Button>
            </div>
          </>
        )}
      </form>
    </Card>
  )
}
