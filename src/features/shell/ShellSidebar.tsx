import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useShellContext } from './shell-context'

/**
 * A route's sidebar content. The route sets `staticData: { sidebar: true }` and renders this
 * anywhere in its page; the content appears in the layout's sidebar beside the main content, where
 * the navbar's toggle shows and hides it.
 */
export function ShellSidebar({ children }: { children: ReactNode }) {
  const { sidebarSlot } = useShellContext()
  return sidebarSlot ? createPortal(children, sidebarSlot) : null
}
