import type { ElementType, ReactNode } from 'react'
import styles from './Card.module.css'

/**
 * A card's role decides its look:
 * - `panel` (default): a form or a message on its own, centred and narrow (sign-in, errors);
 * - `headline`: the one thing a screen leads with (a verdict, the big figure), raised and roomy;
 * - `list`: one of many in a list (a unit, a test), compact and quiet, full width.
 */
export type CardVariant = 'panel' | 'headline' | 'list'

export type CardProps = {
  children: ReactNode
  as?: ElementType
  variant?: CardVariant
  className?: string
}

export function cardClassName(variant: CardVariant = 'panel', className?: string): string {
  return [styles.card, styles[variant], className ?? ''].filter(Boolean).join(' ')
}

export function Card({
  children,
  as: Component = 'section',
  variant = 'panel',
  className,
}: CardProps) {
  return <Component className={cardClassName(variant, className)}>{children}</Component>
}
