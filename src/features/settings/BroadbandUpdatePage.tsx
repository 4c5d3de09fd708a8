import { useRef, useState, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SettingsCodes, type UnitPackage } from '#contracts/settings.ts'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession, type Session } from '../../session'
import {
  ErrorSummary,
  fieldIn,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  type FieldCodes,
  type SubmitFailure,
  type SubmitStatus,
} from '../../forms'
import { Alert, Button, PageTitle, SelectField, TextField } from '../../ui'
import { PackageSpeeds } from './BroadbandDetailsPage'
import { BackLink } from './components/BackLink'
import { localIsoDate } from './dates'
import { unitPackageSave, type UnitPackageChange } from './queue'
import { sendOrQueue } from './save-change'
import {
  ispsQueryOptions,
  packagesQueryOptions,
  settingsKeys,
  unitPackageQueryOptions,
} from './settings.queries'
import { settingsUnitId } from './session-unit'
import styles from './settings.module.css'

/** Values of a change being edited from the pending changes panel. */
export type PackagePrefill = { isp_id?: number; package_id?: number; changed_at?: string }

/** Seeds 4.6 package update status: empty, success or a danger message (8.5), or queued offline. */
export type PackageUpdateStatus =
  | { kind: 'empty' }
  | { kind: 'success' }
  | { kind: 'queued' }
  | { kind: 'danger'; reason: 'generic' | 'noCountry' }

function StatusMessage({ status }: { status: PackageUpdateStatus }) {
  switch (status.kind) {
    case 'empty':
      return null
    case 'success':
      return (
        <Alert variant="success" title={<Trans>Your broadband details have been updated</Trans>} />
      )
    case 'queued':
      return (
        <Alert variant="info" title={<Trans>Your new package is saved on this device</Trans>}>
          <Trans>It will be sent when you are back online.</Trans>
        </Alert>
      )
    case 'danger':
      return (
        <FormAlert variant="error" title={<Trans>Your broadband details were not updated</Trans>}>
          {status.reason === 'noCountry' ? (
            <Trans>
              Your Whitebox has no country yet, so its package cannot be updated. Please contact us.
            </Trans>
          ) : (
            <Trans>Something went wrong. Please contact us if it keeps happening.</Trans>
          )}{' '}
          <Link to="/settings/contact">
            <Trans>Contact us</Trans>
          </Link>
        </FormAlert>
      )
  }
}

const FIELDS = {
  isp_id: { noun: msg`provider`, control: 'isp' },
  package_id: { noun: msg`package`, control: 'package' },
  changed_at: { noun: msg`change date`, control: 'changed-at' },
}
type PackageField = keyof typeof FIELDS

/** Seeds 4.6 and 8.5: the status message for where the form's submit machine is. */
export function packageUpdateStatus(
  hasCountry: boolean,
  status: SubmitStatus,
  failure: SubmitFailure | null,
): PackageUpdateStatus {
  if (!hasCountry) return { kind: 'danger', reason: 'noCountry' }
  if (status === 'success' || status === 'queued') return { kind: status }
  if (failure === null) return { kind: 'empty' }
  const noCountry = failure.kind === 'other' && failure.code === SettingsCodes.UNIT_HAS_NO_COUNTRY
  return { kind: 'danger', reason: noCountry ? 'noCountry' : 'generic' }
}

function PackageForm({
  session,
  unitId,
  current,
  prefill,
}: {
  session: Session
  unitId: number
  current: UnitPackage
  prefill: PackagePrefill
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const countryId = current.country_id
  const [ispId, setIspId] = useState(String(prefill.isp_id ?? current.isp?.id ?? ''))
  const [packageId, setPackageId] = useState(
    String(prefill.package_id ?? current.package?.id ?? ''),
  )
  const [changedAt, setChangedAt] = useState(prefill.changed_at ?? localIsoDate())
  // Offline the change is queued, so the form never refuses for want of a connection.
  const form = useFormSubmit<PackageField>({ formRef, needsConnection: false })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)
  const status = packageUpdateStatus(countryId !== null, form.status, form.failure)
  const isps = useQuery({ ...ispsQueryOptions(countryId ?? 0), enabled: countryId !== null })
  const packages = useQuery({
    ...packagesQueryOptions(Number(ispId)),
    enabled: ispId !== '',
  })

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: FieldCodes<PackageField> = {}
    if (ispId === '') missing.isp_id = 'MISSING'
    // The package list is disabled until a provider is chosen: no error on a disabled control.
    else if (packageId === '') missing.package_id = 'MISSING'
    if (changedAt === '') missing.changed_at = 'MISSING'
    else if (changedAt > localIsoDate()) missing.changed_at = 'INVALID'
    const isp = isps.data?.find((i) => String(i.id) === ispId)
    const pkg = packages.data?.find((p) => String(p.id) === packageId)
    const change: UnitPackageChange = {
      sub: session.sub,
      unitId,
      update: { isp_id: Number(ispId), package_id: Number(packageId), changed_at: changedAt },
      names: { isp: isp?.name ?? ispId, package: pkg?.name ?? packageId },
    }
    const outcome = await form.submit({
      local: missing,
      fieldOf: fieldIn(FIELDS),
      send: async () => {
        const result = await sendOrQueue(queryClient, unitPackageSave, change)
        if (result.status === 'failed') throw result.error
        return result.status
      },
    })
    if (outcome.status === 'queued') {
      // Shown at once offline; the replay's answer replaces it.
      queryClient.setQueryData<UnitPackage>(settingsKeys.unitPackage(session.sub, unitId), {
        ...current,
        isp: isp ? { id: isp.id, name: isp.name } : current.isp,
        package: pkg
          ? {
              id: pkg.id,
              name: pkg.name,
              download_kbps: pkg.download_kbps,
              upload_kbps: pkg.upload_kbps,
            }
          : current.package,
        changed_at: changedAt,
      })
    }
  }

  const noCountry = countryId === null
  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
      <StatusMessage status={status} />
      <ErrorSummary items={summary} formRef={formRef} />
      {noCountry ? null : (
        <>
          {isps.isError && isps.data === undefined ? (
            <FormAlert variant="error" title={<Trans>The providers could not be loaded</Trans>}>
              <Trans>Refresh the page and try again.</Trans>
            </FormAlert>
          ) : null}
          <SelectField
            label={<Trans>Provider</Trans>}
            name="isp"
            required
            value={ispId}
            error={errorFor('isp_id')}
            onChange={(e) => {
              setIspId(e.target.value)
              setPackageId('')
            }}
          >
            <option value="">{t`Choose your provider`}</option>
            {(isps.data ?? []).map((isp) => (
              <option key={isp.id} value={String(isp.id)}>
                {isp.name}
              </option>
            ))}
          </SelectField>
          {packages.isError && packages.data === undefined ? (
            // Seeds 8.5: the packages list failed to load.
            <FormAlert variant="error" title={<Trans>The packages could not be loaded</Trans>}>
              <Trans>Refresh the page and try again.</Trans>{' '}
              <Button
                variant="link"
                onClick={() => {
                  void packages.refetch()
                }}
              >
                <Trans>Retry</Trans>
              </Button>
            </FormAlert>
          ) : null}
          <SelectField
            label={<Trans>Package</Trans>}
            name="package"
            required
            disabled={ispId === ''}
            value={packageId}
            error={errorFor('package_id')}
            hint={packages.isFetching ? <Trans>Loading packages…</Trans> : undefined}
            onChange={(e) => {
              setPackageId(e.target.value)
            }}
          >
            <option value="">{t`Choose your package`}</option>
            {(packages.data ?? []).map((pkg) => (
              <option key={pkg.id} value={String(pkg.id)}>
                {pkg.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={<Trans>Change date</Trans>}
            hint={<Trans>The day the new package started.</Trans>}
            type="date"
            name="changed-at"
            required
            max={localIsoDate()}
            value={changedAt}
            error={errorFor('changed_at')}
            onChange={(e) => {
              setChangedAt(e.target.value)
            }}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={form.submitting}>
              <Trans>Update package</Trans>
            </Button>
          </div>
        </>
      )}
    </form>
  )
}

/** Seeds 2.4 broadband-details/update: ISP, then package (250 a page, all pages), change date. */
export function BroadbandUpdatePage({ prefill = {} }: { prefill?: PackagePrefill }) {
  const { t } = useLingui()
  const session = useSession()
  const unitId = session ? settingsUnitId(session) : null
  const query = useQuery({
    ...unitPackageQueryOptions(session?.sub ?? '', unitId ?? 0),
    enabled: session !== null && unitId !== null,
  })
  if (!session || unitId === null) return null

  return (
    <div className={styles.page}>
      <BackLink to="/settings/broadband-details">
        <Trans>Broadband details</Trans>
      </BackLink>
      <PageTitle documentTitle={t`Change your package`}>
        <Trans>Change your package</Trans>
      </PageTitle>
      <QueryStatus query={query}>
        {(current) => (
          <>
            <section className={styles.section} aria-labelledby="package-current">
              <h2 id="package-current" className={styles.sectionTitle}>
                <Trans>Current package</Trans>
              </h2>
              {current.package && current.isp ? (
                <p className={styles.text}>
                  {current.isp.name} · {current.package.name}
                  <PackageSpeeds
                    downloadKbps={current.package.download_kbps}
                    uploadKbps={current.package.upload_kbps}
                  />
                </p>
              ) : (
                <p className={styles.text}>
                  <Trans>Not known</Trans>
                </p>
              )}
            </section>
            <PackageForm session={session} unitId={unitId} current={current} prefill={prefill} />
          </>
        )}
      </QueryStatus>
    </div>
  )
}
