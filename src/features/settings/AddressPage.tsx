import { useRef, type SyntheticEvent } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { UnitLocation } from '#contracts/settings.ts'
import type { UnitAddress } from '#contracts/units.ts'
import { useSession, type Session } from '../../session'
import { byCountryName, countryName } from '../../lib/country-name'
import {
  ErrorSummary,
  FormAlert,
  useFieldErrors,
  useFormSubmit,
  useFormValues,
  type FieldCodes,
} from '../../forms'
import { Button, PageTitle, SelectField, Spinner, TextField } from '../../ui'
import { BackLink } from './components/BackLink'
import { unitLocationSave, type UnitLocationChange } from './queue'
import { sendOrQueue } from './save-change'
import { countriesQueryOptions, settingsKeys, unitLocationQueryOptions } from './settings.queries'
import { settingsUnitId } from './session-unit'
import styles from './settings.module.css'

/** The address form's values, as typed (all strings; country as its id or ''). */
export type AddressValues = {
  line1: string
  line2: string
  line3: string
  city: string
  postcode: string
  country_id: string
}

const FIELDS = {
  line1: { noun: msg`address` },
  line2: { noun: msg`address line` },
  line3: { noun: msg`address line` },
  city: { noun: msg`town or city` },
  postcode: { noun: msg`postcode` },
  country_id: { noun: msg`country` },
}
type AddressField = keyof typeof FIELDS

/** The form's values for a stored address (empty when there is none). */
export function addressValues(address: UnitAddress | null): AddressValues {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    line3: address?.line3 ?? '',
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    country_id: address?.country_id === null || address === null ? '' : String(address.country_id),
  }
}

/** The address to send; empty optional lines become null. */
export function addressFromValues(values: AddressValues): UnitAddress {
  const optional = (line: string) => (line.trim() === '' ? null : line.trim())
  return {
    line1: values.line1.trim(),
    line2: optional(values.line2),
    line3: optional(values.line3),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    country_id: values.country_id === '' ? null : Number(values.country_id),
  }
}

const serverField = (name: string): AddressField | null => {
  const field = name.startsWith('address.') ? name.slice('address.'.length) : name
  return field in FIELDS ? (field as AddressField) : null
}

function AddressForm({
  session,
  unitId,
  initial,
}: {
  session: Session
  unitId: number
  initial: AddressValues
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const countries = useQuery(countriesQueryOptions())
  const formRef = useRef<HTMLFormElement>(null)
  // Offline before the cached address is restored the form opens empty; the address fills it
  // when it comes, unless the user has typed.
  const [values, setValue] = useFormValues(initial)
  // Offline the address is queued, so the form never refuses for want of a connection.
  const form = useFormSubmit<AddressField>({ formRef, needsConnection: false })
  const { errorFor, summary } = useFieldErrors(FIELDS, form.codes)
  const field = (name: keyof AddressValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValue(name, event.target.value)
    },
  })

  const countryId = values.country_id
  const storedCountry = t`Country ${countryId}`

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const address = addressFromValues(values)
    const missing: FieldCodes<AddressField> = {}
    if (address.line1 === '') missing.line1 = 'MISSING'
    if (address.city === '') missing.city = 'MISSING'
    if (address.postcode === '') missing.postcode = 'MISSING'
    const change: UnitLocationChange = { sub: session.sub, unitId, location: { address } }
    const outcome = await form.submit({
      local: missing,
      fieldOf: serverField,
      send: async () => {
        const result = await sendOrQueue(queryClient, unitLocationSave, change)
        if (result.status === 'failed') throw result.error
        return result.status
      },
    })
    if (outcome.status !== 'sent' && outcome.status !== 'queued') return
    // Shown at once, also offline: the queued change carries the same address to the server.
    queryClient.setQueryData<UnitLocation>(
      settingsKeys.unitLocation(session.sub, unitId),
      (current) => ({
        unit_id: unitId,
        geo_data: current?.geo_data ?? null,
        timezone: current?.timezone ?? 'UTC',
        address,
      }),
    )
    await navigate({
      to: '/settings/personal-details',
      search: { updated: outcome.status === 'queued' ? 'address-queued' : 'address' },
    })
  }

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void handleSubmit(e)}>
      {form.failure ? (
        <FormAlert variant="error" title={<Trans>Your address could not be saved</Trans>}>
          <Trans>
            Something went wrong. Please try again, or contact us if it keeps happening.
          </Trans>
        </FormAlert>
      ) : null}
      <ErrorSummary items={summary} formRef={formRef} />
      <TextField
        label={<Trans>Address line 1</Trans>}
        dir="auto"
        autoComplete="address-line1"
        required
        maxLength={100}
        error={errorFor('line1')}
        {...field('line1')}
      />
      <TextField
        label={<Trans>Address line 2 (optional)</Trans>}
        dir="auto"
        autoComplete="address-line2"
        maxLength={100}
        error={errorFor('line2')}
        {...field('line2')}
      />
      <TextField
        label={<Trans>Address line 3 (optional)</Trans>}
        dir="auto"
        autoComplete="address-line3"
        maxLength={100}
        error={errorFor('line3')}
        {...field('line3')}
      />
      <TextField
        label={<Trans>Town or city</Trans>}
        dir="auto"
        autoComplete="address-level2"
        required
        maxLength={100}
        error={errorFor('city')}
        {...field('city')}
      />
      <TextField
        label={<Trans>Postcode</Trans>}
        dir="auto"
        autoComplete="postal-code"
        required
        maxLength={100}
        error={errorFor('postcode')}
        {...field('postcode')}
      />
      <SelectField
        label={<Trans>Country</Trans>}
        autoComplete="country-name"
        error={errorFor('country_id')}
        {...field('country_id')}
      >
        <option value="">{t`Choose a country`}</option>
        {byCountryName(countries.data ?? [], i18n.locale).map((country) => (
          <option key={country.id} value={String(country.id)}>
            {countryName(country, i18n.locale)}
          </option>
        ))}
        {values.country_id !== '' &&
        !countries.data?.some((c) => String(c.id) === values.country_id) ? (
          // Offline before the list was ever loaded: keep the stored choice selectable.
          <option value={values.country_id}>{storedCountry}</option>
        ) : null}
      </SelectField>
      <p className={styles.muted}>
        <Trans>
          Offline, your address is saved on this device and sent when you are back online.
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button type="submit" loading={form.submitting}>
          <Trans>Save address</Trans>
        </Button>
      </div>
    </form>
  )
}

/**
 * Seeds 2.4 personal-details/address (consumers): the installation address. `prefill` carries the
 * values of a refused change being edited from the pending changes panel.
 */
export function AddressPage({ prefill }: { prefill?: AddressValues }) {
  const { t } = useLingui()
  const session = useSession()
  const unitId = session ? settingsUnitId(session) : null
  const query = useQuery({
    ...unitLocationQueryOptions(session?.sub ?? '', unitId ?? 0),
    enabled: session !== null && unitId !== null && prefill === undefined,
  })
  if (!session || unitId === null) return null
  // The form starts from what is stored; offline with nothing stored, it starts empty.
  const ready =
    prefill !== undefined ||
    query.data !== undefined ||
    query.isError ||
    query.fetchStatus === 'paused'

  return (
    <div className={styles.page}>
      <BackLink to="/settings/personal-details">
        <Trans>Personal details</Trans>
      </BackLink>
      <PageTitle documentTitle={t`Installation address`}>
        <Trans>Installation address</Trans>
      </PageTitle>
      <p className={styles.text}>
        <Trans>The address where your Whitebox is installed.</Trans>
      </p>
      {ready ? (
        <AddressForm
          session={session}
          unitId={unitId}
          initial={prefill ?? addressValues(query.data?.address ?? null)}
        />
      ) : (
        <Spinner label={t`Loading…`} />
      )}
    </div>
  )
}
