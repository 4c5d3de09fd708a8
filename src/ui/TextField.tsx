import type { InputHTMLAttributes, ReactNode } from 'react'
import { inputDir } from '../lib/bidi'
import { FieldShell } from './FieldShell'
import styles from './Field.module.css'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  /** The field's error; marks the input invalid and describes it. */
  error?: ReactNode
  /** Rendered after the input, inside the same row (e.g. a show-password toggle). */
  trailing?: ReactNode
}

/** A labelled input with hint and error wired through aria-describedby. */
export function TextField({
  label,
  hint,
  error,
  trailing,
  type = 'text',
  // Emails, URLs and phone numbers read left to right in Arabic too ("nora@", not "@nora").
  dir = inputDir(type),
  ...rest
}: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error}>
      {(control) => (
        <div className={styles.control}>
          <input {...rest} {...control} type={type} dir={dir} className={styles.input} />
          {trailing}
        </div>
      )}
    </FieldShell>
  )
}
