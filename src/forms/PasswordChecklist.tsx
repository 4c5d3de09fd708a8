import { useId, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { checkPassword } from '#contracts/password.ts'
import styles from './forms.module.css'

function CheckItem({ met, children }: { met: boolean; children: ReactNode }) {
  return (
    <li className={met ? styles.met : styles.unmet}>
      <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
      {children}
      <span className="wb-visually-hidden">
        {met ? <Trans>(done)</Trans> : <Trans>(not yet)</Trans>}
      </span>
    </li>
  )
}

/**
 * The password rules as a live checklist (seeds 5): `hint` goes in the password field's hint,
 * `list` right after the field; `valid` tells whether every rule is met.
 */
export function usePasswordChecklist(password: string): {
  hint: ReactNode
  list: ReactNode
  valid: boolean
} {
  const id = useId()
  const check = checkPassword(password)
  return {
    valid: check.valid,
    hint: (
      <span id={id}>
        <Trans>Your new password needs:</Trans>
      </span>
    ),
    list: (
      <ul className={styles.checklist} aria-labelledby={id} aria-live="polite">
        <CheckItem met={check.length}>
          <Trans>10 to 128 characters</Trans>
        </CheckItem>
        <CheckItem met={check.variety}>
          <Trans>Three of: lower case, upper case, digits and symbols</Trans>
        </CheckItem>
      </ul>
    ),
  }
}
