import { useId, type ReactNode } from 'react'
import styles from './Field.module.css'

/** The props that tie a control to its label, hint and error. */
export type FieldControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export type FieldShellProps = {
  label: ReactNode
  hint?: ReactNode
  /** The field's error; marks the control invalid and describes it. */
  error?: ReactNode
  /** A group of controls (radio buttons, check boxes): a fieldset whose legend is the label. */
  group?: boolean
  /** The control, given the props that wire it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode
}

/**
 * The design system's field: label (or legend), optional hint, the control, then the error; the
 * hint and the error describe the control through aria-describedby.
 */
export function FieldShell({ label, hint, error, group = false, children }: FieldShellProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const hasError = error !== undefined && error !== null && error !== false
  const describedBy =
    [hint !== undefined ? hintId : '', hasError ? errorId : ''].filter(Boolean).join(' ') ||
    undefined
  const body = (
    <>
      {hint !== undefined ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {children({ id, 'aria-invalid': hasError || undefined, 'aria-describedby': describedBy })}
      {hasError ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </>
  )
  return group ? (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{label}</legend>
      {body}
    </fieldset>
  ) : (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {body}
    </div>
  )
}
