import { useDeferredValue, type ReactNode } from 'react'

export type RenderLaterProps = {
  /** What the first render shows instead: space kept for the children, so nothing moves. */
  placeholder: ReactNode
  children: ReactNode
}

/**
 * Renders `children` in a render and commit of their own, after the page around them has been
 * committed (React's deferred value: first the placeholder, then, at once in the background, the
 * children). For a page's part below the fold: the page's first commit, its layout and its
 * effects shrink to what the screen shows, and the rest follows in tasks of its own instead of
 * lengthening the one that paints the page.
 */
export function RenderLater({ placeholder, children }: RenderLaterProps) {
  const now = useDeferredValue(true, false)
  return now ? children : placeholder
}
