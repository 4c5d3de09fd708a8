import { useId, useLayoutEffect, useRef, type ReactNode, type TextareaHTMLAttributes } from 'react'
import fieldStyles from '../../ui/Field.module.css'
import styles from './help-centre.module.css'

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
}

/** A labelled text area that grows with its text from 50 px (seeds 5). */
export function TextAreaField({ label, hint, error, value, ...rest }: TextAreaFieldProps) {
  const id = useId()
  const ref = useRef<HTMLTextAreaElement>(null)
  const hasError = error !== undefined && error !== null && error !== false
  const describedBy =
    [hint !== undefined ? `${id}-hint` : '', hasError ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined

  useLayoutEffect(() => {
    const area = ref.current
    if (!area) return
    area.style.blockSize = 'auto'
    area.style.blockSize = `${String(Math.max(50, area.scrollHeight + 2))}px`
  }, [value])

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
      <textarea
        {...rest}
        ref={ref}
        id={id}
        value={value}
        className={`${fieldStyles.input} ${styles.textarea}`}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy}
      />
      {hasError ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
