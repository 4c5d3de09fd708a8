import type { ReactNode } from 'react'
import styles from './Alert.module.css'

export type AlertProps = {
  variant: 'error' | 'warning' | 'success' | 'info'
  title?: ReactNode
  children?: ReactNode
  id?: string
}

/** A message box; errors and warnings interrupt (role alert), the rest are polite statuses. */
export function Alert({ variant, title, children, id }: AlertProps) {
  const role = variant === 'error' || variant === 'warning' ? 'alert' : 'status'
  return (
    <div id={id} role={role} className={`${styles.alert} ${styles[variant]}`}>
      {title !== undefined ? <p className={styles.title}>{title}</p> : null}
      {children !== undefined ? <div>{children}</div> : null}
    </div>
  )
}
