import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { OTHER_CHOICE, UNKNOWN_CHOICE, type CountryData } from '#contracts/signup.ts'
import type { SignupField } from '../../../lib/signup-errors'
import { Button, SelectField, TextField } from '../../../ui'
import { findIsp, isOther, type ProviderNames } from '../choices'
import { FormAlert } from '../../../forms'

export type ProviderValues = {
  isp: string
  ispOther: string
  package: string
  packageOther: string
}
/** The four answers about the broadband service, under the form's own field names. */
export type ProviderFieldNames<Field extends SignupField = SignupField> = ProviderNames<Field>

/**
 * Seeds 2.5: the service provider and internet package selects, each with other (→ a free-text
 * field) and unknown; the packages are the chosen provider's. `wording` is "package" for the
 * standard form and "product" for the Saudi one (seeds 3).
 */
export function ProviderFields<Field extends SignupField>({
  country,
  names,
  values: formValues,
  wording,
  errorFor,
  onChange,
}: {
  country: UseQueryResult<CountryData>
  names: ProviderFieldNames<Field>
  /** The form's values, under its own field names. */
  values: Readonly<Record<NoInfer<Field>, string>>
  wording: 'package' | 'product'
  errorFor: (field: Field) => string | undefined
  onChange: (part: keyof ProviderValues, value: string) => void
}) {
  const { t } = useLingui()
  const values: ProviderValues = {
    isp: formValues[names.isp],
    ispOther: formValues[names.ispOther],
    package: formValues[names.package],
    packageOther: formValues[names.packageOther],
  }
  const isp = findIsp(country.data, values.isp)
  // Providers and packages are proper names, never translated; other and unknown are ours.
  const choiceName = (item: { id: number; name: string }) => {
    if (item.id === OTHER_CHOICE) return t`Other (not listed)`
    if (item.id === UNKNOWN_CHOICE) return t`I don't know`
    return item.name
  }
  if (country.data === undefined && country.isError) {
    return (
      <FormAlert variant="error" title={<Trans>The providers could not be loaded</Trans>}>
        <Trans>Check your connection, then try again.</Trans>{' '}
        <Button
          variant="link"
          onClick={() => {
            void country.refetch()
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </FormAlert>
    )
  }
  return (
    <>
      <SelectField
        label={<Trans>Service provider</Trans>}
        name={names.isp}
        required
        value={values.isp}
        disabled={country.data === undefined}
        error={errorFor(names.isp)}
        onChange={(e) => {
          onChange('isp', e.target.value)
        }}
      >
        <option value="">
          {country.data === undefined ? t`Loading providers…` : t`Choose your provider`}
        </option>
        {(country.data?.isps ?? []).map((item) => (
          <option key={item.id} value={String(item.id)}>
            {choiceName(item)}
          </option>
        ))}
      </SelectField>
      {isOther(values.isp) ? (
        <TextField
          label={<Trans>Name of your service provider</Trans>}
          name={names.ispOther}
          required
          autoComplete="off"
          value={values.ispOther}
          error={errorFor(names.ispOther)}
          onChange={(e) => {
            onChange('ispOther', e.target.value)
          }}
        />
      ) : null}
      <SelectField
        label={wording === 'package' ? <Trans>Internet package</Trans> : <Trans>Product</Trans>}
        hint={isp === undefined ? <Trans>Choose your provider first.</Trans> : undefined}
        name={names.package}
        required
        value={values.package}
        disabled={isp === undefined}
        error={errorFor(names.package)}
        onChange={(e) => {
          onChange('package', e.target.value)
        }}
      >
        <option value="">
          {wording === 'package' ? t`Choose your package` : t`Choose your product`}
        </option>
        {(isp?.packages ?? []).map((item) => (
          <option key={item.id} value={String(item.id)}>
            {choiceName(item)}
          </option>
        ))}
      </SelectField>
      {isOther(values.package) ? (
        <TextField
          label={
            wording === 'package' ? (
              <Trans>Name of your package</Trans>
            ) : (
              <Trans>Name of your product</Trans>
            )
          }
          name={names.packageOther}
          required
          autoComplete="off"
          value={values.packageOther}
          error={errorFor(names.packageOther)}
          onChange={(e) => {
            onChange('packageOther', e.target.value)
          }}
        />
      ) : null}
    </>
  )
}
