import { Trans } from '@lingui/react/macro'
import { CheckboxField } from './CheckboxField'
import styles from '../signup.module.css'

/** Seeds 2.5: the agreement to the study's terms (tos), with their link opening in a new tab. */
export function TermsAgreement({
  termsUrl,
  checked,
  error,
  onChange,
}: {
  termsUrl: string
  checked: boolean
  error: string | undefined
  onChange: (checked: boolean) => void
}) {
  return (
    <div className={styles.agreement}>
      <CheckboxField
        name="tos"
        label={<Trans>I agree to the terms and conditions of the study</Trans>}
        checked={checked}
        error={error}
        onChange={(e) => {
          onChange(e.target.checked)
        }}
      />
      <a className={styles.link} href={termsUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Read the terms and conditions (opens in a new tab)</Trans>
      </a>
    </div>
  )
}
