import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
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
  ...rest
}: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const hasError = error !== undefined && error !== null && error !== false
  const describedBy =
    [hint !== undefined ? hintId : '', hasError ? errorId : ''].filter(Boolean).join(' ') ||
    undefined
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint !== undefined ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <div className={styles.control}>
        <input
          {...rest}
          id={id}
          type={type}
          className={styles.input}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {hasError ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
