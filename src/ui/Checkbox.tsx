import type { InputHTMLAttributes, ReactNode } from 'react'
import styles from './Field.module.css'

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
}

/** A checkbox whose whole label row is a 44 px touch target. */
export function Checkbox({ label, ...rest }: CheckboxProps) {
  return (
    <label className={styles.checkbox}>
      <input {...rest} type="checkbox" />
      <span>{label}</span>
    </label>
  )
}
