import type { ElementType, ReactNode } from 'react'
import styles from './Card.module.css'

export type CardProps = {
  children: ReactNode
  as?: ElementType
  className?: string
}

/** A bordered panel that centres itself and fills the width on small screens. */
export function Card({ children, as: Component = 'section', className }: CardProps) {
  return (
    <Component className={className ? `${styles.card} ${className}` : styles.card}>
      {children}
    </Component>
  )
}
