import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { Checkbox } from '../../../ui'
import fieldStyles from '../../../ui/Field.module.css'

/** A checkbox with its error below it, marked invalid and described by that error. */
export function CheckboxField({
  label,
  error,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; error?: string }) {
  const id = useId()
  const errorId = `${id}-error`
  const describedBy =
    [rest['aria-describedby'], error !== undefined ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <div className={fieldStyles.field}>
      <Checkbox
        {...rest}
        label={label}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={describedBy}
      />
      {error !== undefined ? (
        <span id={errorId} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
