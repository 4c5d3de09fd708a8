import { useLayoutEffect, useRef, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { FieldShell } from './FieldShell'
import styles from './Field.module.css'

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
}

/** A labelled text area that grows with its text from 50 px (seeds 5). */
export function TextAreaField({ label, hint, error, value, ...rest }: TextAreaFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null)

  useLayoutEffect(() => {
    const area = ref.current
    if (!area) return
    area.style.blockSize = 'auto'
    area.style.blockSize = `${String(Math.max(50, area.scrollHeight + 2))}px`
  }, [value])

  return (
    <FieldShell label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          ref={ref}
          value={value}
          className={`${styles.input} ${styles.textarea}`}
        />
      )}
    </FieldShell>
  )
}
