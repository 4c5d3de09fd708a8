import { useId, type ReactNode, type SelectHTMLAttributes } from 'react'
import fieldStyles from '../../../ui/Field.module.css'
import styles from '../signup.module.css'

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  children: ReactNode
}

/** A labelled select with hint and error wired like the design system's text fields. */
export function SelectField({ label, hint, error, children, ...rest }: SelectFieldProps) {
  const id = useId()
  const hasError = error !== undefined && error !== null && error !== false
  const describedBy =
    [hint !== undefined ? `${id}-hint` : '', hasError ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {hint !== undefined ? (
        <span id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </span>
      ) : null}
      <select
        {...rest}
        id={id}
        className={`${fieldStyles.input} ${styles.select}`}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy}
      >
        {children}
      </select>
      {hasError ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
