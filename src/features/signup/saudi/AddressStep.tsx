import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SignupProgramme } from '#contracts/signup.ts'
import { TextField } from '../../../ui'
import { CheckboxField } from '../components/CheckboxField'
import type { SaudiStepProps } from './step-props'
import styles from '../signup.module.css'

type AddressKind = 'installation' | 'delivery'

/** One address's fields; the delivery one is autocompleted as the shipping address. */
function AddressFields({
  kind,
  citiesId,
  text,
}: {
  kind: AddressKind
  citiesId: string
} & Pick<SaudiStepProps, 'text'>) {
  const { t } = useLingui()
  const auto = (token: string) => `${kind === 'installation' ? '' : 'shipping '}${token}`
  return (
    <>
      <TextField
        label={<Trans>Address line 1</Trans>}
        autoComplete={auto('address-line1')}
        required
        {...text(`${kind}_address_1`)}
      />
      <TextField
        label={<Trans>Address line 2 (optional)</Trans>}
        autoComplete={auto('address-line2')}
        {...text(`${kind}_address_2`)}
      />
      <TextField
        label={<Trans>Address line 3 (optional)</Trans>}
        autoComplete={auto('address-line3')}
        {...text(`${kind}_address_3`)}
      />
      <TextField
        label={<Trans>City</Trans>}
        autoComplete={auto('address-level2')}
        list={citiesId}
        required
        {...text(`${kind}_city`)}
      />
      <TextField
        label={<Trans>Postcode</Trans>}
        autoComplete={auto('postal-code')}
        inputMode="numeric"
        required
        {...text(`${kind}_postcode`)}
      />
      <TextField
        label={<Trans>Country</Trans>}
        autoComplete={auto('country-name')}
        name={`${kind}_country`}
        value={t`Saudi Arabia`}
        disabled
        readOnly
      />
      <TextField
        label={<Trans>Phone number at this address (optional)</Trans>}
        type="tel"
        inputMode="tel"
        autoComplete={auto('tel')}
        {...text(`${kind}_phone`)}
      />
    </>
  )
}

/**
 * Step 3: the installation address, and the delivery address ("same as installation" ticked by
 * default; unticking starts it from the installation one).
 */
export function AddressStep({
  programme,
  values,
  text,
  onSameAddress,
}: {
  programme: SignupProgramme
  onSameAddress: (same: boolean) => void
} & Pick<SaudiStepProps, 'values' | 'text'>) {
  const citiesId = useId()
  const cities = programme.regions.flatMap((region) => region.cities)
  return (
    <>
      <fieldset className={styles.section}>
        <legend className={styles.sectionLegend}>
          <Trans>Installation address</Trans>
        </legend>
        <p className={styles.hint}>
          <Trans>Where the Whitebox will be plugged in.</Trans>
        </p>
        <AddressFields kind="installation" citiesId={citiesId} text={text} />
      </fieldset>
      <datalist id={citiesId}>
        {cities.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
      <fieldset className={styles.section}>
        <legend className={styles.sectionLegend}>
          <Trans>Delivery address</Trans>
        </legend>
        <CheckboxField
          name="same_address"
          label={<Trans>Same as the installation address</Trans>}
          checked={values.same_address}
          onChange={(e) => {
            onSameAddress(e.target.checked)
          }}
        />
        {values.same_address ? null : (
          <AddressFields kind="delivery" citiesId={citiesId} text={text} />
        )}
      </fieldset>
    </>
  )
}
