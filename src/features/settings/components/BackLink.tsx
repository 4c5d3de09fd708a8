import type { ReactNode } from 'react'
import { Link, type LinkProps } from '@tanstack/react-router'
import styles from '../settings.module.css'

/** The way back to the parent settings page; the arrow turns with the reading direction. */
export function BackLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Link to={to} className={styles.back}>
      <span aria-hidden="true" className={styles.backArrow}>
        ←
      </span>
      {children}
    </Link>
  )
}
