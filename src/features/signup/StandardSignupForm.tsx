import { useRef, useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries, useQuery } from '@tanstack/react-query'
import { DEFAULT_SIGNUP_COUNTRY_ID, type SignupProgramme } from '#contracts/signup.ts'
import { postStandardSignup } from '../../api/signup.api'
import { findLocale } from '#contracts/locales.ts'
import { ErrorSummary, useFieldErrors, useFormSubmit } from '../../forms'
import { countryName } from '../../lib/country-name'
import { signupFieldIn, STANDARD_FIELDS, type StandardField } from '../../lib/signup-errors'
import { standardSignupCodes, type StandardSignupValues } from '../../lib/signup-validation'
import { Button, PasswordField, SelectField, TextField } from '../../ui'
import { findIsp, isOther, offeredChoices, withProviderAnswer } from './choices'
import { FieldGroup } from './components/FieldGroup'
import { Honeypot } from './components/Honeypot'
import { NameEmailFields } from './components/NameEmailFields'
import { ProviderFields, type ProviderValues } from './components/ProviderFields'
import { SubmitAlerts } from './components/SubmitAlerts'
import { TermsAgreement } from './components/TermsAgreement'
import { clearDraft, useDraftAutosave } from './draft'
import { useRegionName } from './names'
import { signupFieldSpecs } from './signup-fields'
import { signupCountryQueryOptions } from './signup.queries'
import { standardAsks, standardPayload } from './standard-form'
import styles from './signup.module.css'

const PROVIDER_NAMES = {
  isp: 'isp',
  ispOther: 'isp_other',
  package: 'package',
  packageOther: 'package_other',
} as const

/** The countries the applicant may choose, named in the page's language from their country data. */
function useCountryNames(ids: readonly number[], locale: string): Map<number, string> {
  const results = useQueries({
    queries: ids.map((id) => signupCountryQueryOptions(id)),
  })
  return new Map(
    results.flatMap((result, i) => {
      const id = ids[i]
      return result.data !== undefined && id !== undefined
        ? [[id, countryName(result.data, locale)] as const]
        : []
    }),
  )
}

/**
 * Seeds 2.5 standard form: names, email, password, country, region and city when the programme has
 * them, postcode and fibre availability when it asks, phone (optional), provider and package (each
 * with other and unknown), the hidden honeypot and the agreement. Checked before sending like the
 * server checks it; a refusal shows under its fields and focuses the first.
 */
export function StandardSignupForm({
  programme,
  initial,
  onSuccess,
}: {
  programme: SignupProgramme
  initial: StandardSignupValues
  onSuccess: () => void
}) {
  const { t, i18n } = useLingui()
  const formRef = useRef<HTMLFormElement>(null)
  const honeypot = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState(initial)
  const submitter = useFormSubmit<StandardField>({ formRef })
  useDraftAutosave(programme.owner, 'standard', values, true)

  const country = useQuery({
    ...signupCountryQueryOptions(Number(values.country)),
    enabled: values.country !== '',
  })
  const countryIds = programme.country_ids
  const countryNames = useCountryNames(countryIds.length > 1 ? countryIds : [], i18n.locale)
  const regionName = useRegionName()
  const choices = offeredChoices(country.data, values.isp, values.package)
  const effective = { ...values, ...choices }
  const asks = standardAsks(programme, effective)
  const region = programme.regions.find((r) => r.id === values.region)

  const shown: Record<StandardField, boolean> = {
    first_name: true,
    last_name: true,
    email: true,
    password: true,
    country: true,
    region: asks.region,
    city: asks.city,
    post_code: asks.postcode,
    fibre_availability: asks.fibre,
    mobile_number: programme.asks.phone,
    isp: true,
    isp_other: isOther(effective.isp),
    package: true,
    package_other: isOther(effective.package),
    tos: true,
  }
  const present = STANDARD_FIELDS.filter((field) => shown[field])
  // The package list waits for a provider: its error shows once it can be answered.
  const waiting: StandardField[] = findIsp(country.data, effective.isp) ? [] : ['package']
  const { errorFor, summary } = useFieldErrors(signupFieldSpecs(present, waiting), submitter.codes)

  const set = <K extends keyof StandardSignupValues>(field: K, value: StandardSignupValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    submitter.edited(field)
  }
  const text = (field: StandardField & keyof StandardSignupValues) => ({
    name: field,
    value: values[field] as string,
    error: errorFor(field),
    onChange: (event: { target: { value: string } }) => {
      set(field, event.target.value)
    },
  })
  const handleProvider = (part: keyof ProviderValues, value: string) => {
    setValues((current) => withProviderAnswer(current, PROVIDER_NAMES, part, value))
    submitter.edited(PROVIDER_NAMES[part])
    if (part === 'isp') submitter.edited(PROVIDER_NAMES.package)
  }

  const handleSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const locale = findLocale(i18n.locale)?.api ?? 'en_GB'
    const outcome = await submitter.submit({
      local: standardSignupCodes(effective, asks),
      fieldOf: signupFieldIn('standard', present),
      send: () =>
        postStandardSignup(
          standardPayload(programme.owner, effective, asks, {
            honeypot: honeypot.current?.value ?? '',
            locale,
          }),
        ),
    })
    if (outcome.status === 'sent') {
      await clearDraft(programme.owner)
      onSuccess()
    }
  }

  const fixedCountry = countryIds.length <= 1
  const alphanumericPostcode = values.country === String(DEFAULT_SIGNUP_COUNTRY_ID)

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
      aria-label={t`Sign-up form`}
    >
      <SubmitAlerts failure={submitter.failure} online={submitter.online} />
      <ErrorSummary items={summary} formRef={formRef} />

      <fieldset className={styles.section}>
        <legend className={styles.sectionLegend}>
          <Trans>About you</Trans>
        </legend>
        <NameEmailFields field={text} />
        <PasswordField
          label={<Trans>Password</Trans>}
          hint={
            <Trans>
              At least 10 characters, with three of: lower case, upper case, digits and symbols.
            </Trans>
          }
          autoComplete="new-password"
          required
          showLabel={t`Show`}
          hideLabel={t`Hide`}
          {...text('password')}
        />
        {programme.asks.phone ? (
          <TextField
            label={<Trans>Phone number (optional)</Trans>}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...text('mobile_number')}
          />
        ) : null}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionLegend}>
          <Trans>Where you live</Trans>
        </legend>
        <SelectField
          label={<Trans>Country</Trans>}
          name="country"
          autoComplete="country"
          required
          disabled={fixedCountry}
          value={values.country}
          error={errorFor('country')}
          onChange={(e) => {
            const next = e.target.value
            setValues((current) => ({ ...current, country: next, isp: '', package: '' }))
            submitter.edited('country')
          }}
        >
          {fixedCountry ? null : <option value="">{t`Choose your country`}</option>}
          {(fixedCountry ? [Number(values.country)] : countryIds).map((id) => (
            <option key={id} value={String(id)}>
              {(fixedCountry
                ? country.data && countryName(country.data, i18n.locale)
                : countryNames.get(id)) ?? String(id)}
            </option>
          ))}
        </SelectField>
        {asks.region ? (
          <SelectField
            label={<Trans>Region</Trans>}
            name="region"
            autoComplete="address-level1"
            required
            value={values.region}
            error={errorFor('region')}
            onChange={(e) => {
              const next = e.target.value
              // A city belongs to its region.
              setValues((current) => ({ ...current, region: next, city: '' }))
              submitter.edited('region')
            }}
          >
            <option value="">{t`Choose your region`}</option>
            {programme.regions.map((r) => (
              <option key={r.id} value={r.id}>
                {regionName(r)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {asks.city && region ? (
          <SelectField
            label={<Trans>City or town</Trans>}
            name="city"
            autoComplete="address-level2"
            required
            value={values.city}
            error={errorFor('city')}
            onChange={(e) => {
              set('city', e.target.value)
            }}
          >
            <option value="">{t`Choose your city or town`}</option>
            {region.cities.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </SelectField>
        ) : null}
        {asks.postcode ? (
          <TextField
            label={<Trans>Postcode</Trans>}
            autoComplete="postal-code"
            inputMode={alphanumericPostcode ? 'text' : 'numeric'}
            required
            {...text('post_code')}
          />
        ) : null}
        {asks.fibre ? (
          <FieldGroup
            legend={<Trans>Is fibre broadband available at your address?</Trans>}
            error={errorFor('fibre_availability')}
          >
            {({ describedBy }) => (
              <div className={styles.radios}>
                {(['yes', 'no'] as const).map((answer) => (
                  <label key={answer} className={styles.radio}>
                    <input
                      type="radio"
                      name="fibre_availability"
                      value={answer}
                      checked={values.fibre_availability === answer}
                      aria-invalid={submitter.codes.fibre_availability !== undefined || undefined}
                      aria-describedby={describedBy}
                      onChange={() => {
                        set('fibre_availability', answer)
                      }}
                    />
                    <span>{answer === 'yes' ? <Trans>Yes</Trans> : <Trans>No</Trans>}</span>
                  </label>
                ))}
              </div>
            )}
          </FieldGroup>
        ) : null}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionLegend}>
          <Trans>Your broadband</Trans>
        </legend>
        <ProviderFields
          country={country}
          names={PROVIDER_NAMES}
          values={effective}
          wording="package"
          errorFor={errorFor}
          onChange={handleProvider}
        />
      </fieldset>

      <Honeypot inputRef={honeypot} />

      <TermsAgreement
        termsUrl={programme.links.terms}
        checked={values.tos}
        error={errorFor('tos')}
        onChange={(checked) => {
          set('tos', checked)
        }}
      />

      <div className={styles.actions}>
        <Button type="submit" name="send" loading={submitter.submitting} block>
          <Trans>Sign up</Trans>
        </Button>
      </div>
    </form>
  )
}
