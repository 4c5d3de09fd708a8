import { useId, type ReactNode } from 'react'
import fieldStyles from '../../../ui/Field.module.css'
import styles from '../signup.module.css'

/**
 * A fieldset of related controls (radio buttons, the requirements) with a legend and one error,
 * described to each control by the caller through `errorId`.
 */
export function FieldGroup({
  legend,
  hint,
  error,
  children,
}: {
  legend: ReactNode
  hint?: ReactNode
  error?: ReactNode
  children: (ids: { describedBy: string | undefined }) => ReactNode
}) {
  const id = useId()
  const hasError = error !== undefined && error !== null && error !== false
  const describedBy =
    [hint !== undefined ? `${id}-hint` : '', hasError ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {hint !== undefined ? (
        <span id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </span>
      ) : null}
      {children({ describedBy })}
      {hasError ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  )
}
