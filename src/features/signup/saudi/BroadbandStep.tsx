import type { UseQueryResult } from '@tanstack/react-query'
import type { CountryData, SignupProgramme } from '#contracts/signup.ts'
import type { SaudiField } from '../../../lib/signup-errors'
import type { SaudiSignupValues } from '../../../lib/signup-validation'
import { ProviderFields, type ProviderValues } from '../components/ProviderFields'
import { TermsAgreement } from '../components/TermsAgreement'
import type { SaudiStepProps } from './step-props'
import styles from '../signup.module.css'

/** The Saudi form's names of the four provider answers (seeds 3: product, not package). */
export const SAUDI_PROVIDER_NAMES = {
  isp: 'ispId',
  ispOther: 'ispOther',
  package: 'productId',
  packageOther: 'productOther',
} as const satisfies Record<keyof ProviderValues, keyof SaudiSignupValues & SaudiField>

/** Step 4: provider and product (each with other and unknown) and the agreement. */
export function BroadbandStep({
  programme,
  country,
  values,
  set,
  errorFor,
  onProvider,
}: {
  programme: SignupProgramme
  country: UseQueryResult<CountryData>
  onProvider: (part: keyof ProviderValues, value: string) => void
} & Pick<SaudiStepProps, 'values' | 'set' | 'errorFor'>) {
  return (
    <>
      <div className={styles.fields}>
        <ProviderFields
          country={country}
          names={SAUDI_PROVIDER_NAMES}
          values={values}
          wording="product"
          errorFor={errorFor}
          onChange={onProvider}
        />
      </div>
      <TermsAgreement
        termsUrl={programme.links.terms}
        checked={values.tos}
        error={errorFor('tos')}
        onChange={(checked) => {
          set('tos', checked)
        }}
      />
    </>
  )
}
