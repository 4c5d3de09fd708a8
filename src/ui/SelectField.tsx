import type { ReactNode, SelectHTMLAttributes } from 'react'
import { FieldShell } from './FieldShell'
import styles from './Field.module.css'

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  children: ReactNode
}

/**
 * A labelled select with hint and error wired like the text fields. A disabled select shows no
 * error: the user cannot act on it (it waits for an earlier answer, whose error says what to do).
 */
export function SelectField({ label, hint, error, children, ...rest }: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={rest.disabled === true ? undefined : error}>
      {(control) => (
        <select {...rest} {...control} className={`${styles.input} ${styles.select}`}>
          {children}
        </select>
      )}
    </FieldShell>
  )
}
