import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SignupProgramme } from '#contracts/signup.ts'
import { TextField } from '../../../ui'
import { CheckboxField } from '../components/CheckboxField'
import type { SaudiStepProps } from './step-props'
import styles from '../signup.module.css'

type AddressKind = 'installation' | 'delivery'

/**
 * One address's fields, labelled as a Saudi national address is written (building number and
 * street, district, additional number, 5-digit postal code) while the payload keeps the seeds'
 * lines 1–3, city and postcode; the delivery one is autocompleted as the shipping address.
 */
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
        label={<Trans>Building number and street</Trans>}
        hint={<Trans>As on your national address, for example 2634 King Fahd Road.</Trans>}
        autoComplete={auto('address-line1')}
        required
        {...text(`${kind}_address_1`)}
      />
      <TextField
        label={<Trans>District (optional)</Trans>}
        hint={<Trans>For example Al Olaya.</Trans>}
        autoComplete={auto('address-line2')}
        {...text(`${kind}_address_2`)}
      />
      <TextField
        label={<Trans>Additional number (optional)</Trans>}
        hint={<Trans>The 4 digits after the postal code on your national address.</Trans>}
        inputMode="numeric"
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
        label={<Trans>Postal code</Trans>}
        hint={<Trans>5 digits, for example 12214.</Trans>}
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
