import type { ReactNode } from 'react'
import { LazyMotion, MotionConfig } from 'framer-motion'

// The animation features (layout animations included) come in a chunk of their own, fetched when
// the first animated part mounts: a page without motion never loads them.
const loadFeatures = () => import('./motion-features').then((module) => module.default)

/**
 * Motion for the part of a page that uses it (`m.*` components inside): framer-motion's lazy
 * features, and the user's reduced-motion setting honoured (issue 22 §2).
 */
export function ShellMotion({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  )
}
