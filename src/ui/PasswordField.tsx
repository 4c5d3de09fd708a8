import { useState } from 'react'
import { TextField, type TextFieldProps } from './TextField'
import styles from './Field.module.css'

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** Names of the toggle, translated by the caller because ui/ knows no catalog. */
  showLabel: string
  hideLabel: string
}

/** A password input with a show/hide toggle. */
export function PasswordField({ showLabel, hideLabel, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          onClick={() => {
            setVisible((v) => !v)
          }}
        >
          {visible ? hideLabel : showLabel}
        </button>
      }
    />
  )
}
