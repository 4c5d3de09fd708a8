import { Trans } from '@lingui/react/macro'
import { TextField } from '../../../ui'
import { NameEmailFields } from '../components/NameEmailFields'
import type { SaudiStepProps } from './step-props'
import styles from '../signup.module.css'

/** Step 2: name, email and an optional mobile number. */
export function DetailsStep({ text }: Pick<SaudiStepProps, 'text'>) {
  return (
    <div className={styles.fields}>
      <NameEmailFields field={text} />
      <TextField
        label={<Trans>Mobile number (optional)</Trans>}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...text('mobile')}
      />
    </div>
  )
}
