import type { ReactNode } from 'react'
import { Card } from '../../ui'
import styles from './AuthLayout.module.css'

/** The centred single-card layout of the sign-in screens (full width at 390 px). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <Card>
        <div className={styles.stack}>{children}</div>
      </Card>
    </div>
  )
}

export { styles as authStyles }
