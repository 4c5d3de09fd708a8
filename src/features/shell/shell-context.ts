import { createContext, useContext } from 'react'

/** What the layout shares with the navbar and with a route's sidebar. */
export type ShellContextValue = {
  sidebarId: string
  sidebarOpen: boolean
  toggleSidebar: () => void
  /** The element a route's sidebar content is rendered into (null when the route has none). */
  sidebarSlot: HTMLElement | null
}

const noop = () => undefined

export const ShellContext = createContext<ShellContextValue>({
  sidebarId: 'wb-sidebar',
  sidebarOpen: false,
  toggleSidebar: noop,
  sidebarSlot: null,
})

/** The shell's shared state. */
export function useShellContext(): ShellContextValue {
  return useContext(ShellContext)
}
