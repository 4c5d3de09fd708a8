// Types only: the shell reads these options through src/navigation, and the sign-in page opened
// first loads no router code.
import type { StaticDataRouteOption } from '@tanstack/react-router'

/** The page backgrounds a route can ask for. */
export type ShellBackground = 'default' | 'neutral' | 'brand'

declare module '@tanstack/react-router' {
  /** Per-route shell options (seeds 000 §2.1), set through a route's `staticData`. */
  interface StaticDataRouteOption {
    hideNavbar?: boolean
    hideFooter?: boolean
    /** The route has a sidebar: the navbar shows the sidebar toggle. */
    sidebar?: boolean
    background?: ShellBackground
  }
}

/** The shell's part of a route's static data. */
export type ShellStaticData = Pick<
  StaticDataRouteOption,
  'hideNavbar' | 'hideFooter' | 'sidebar' | 'background'
>

/** The shell options of the current page: the deepest route that sets an option wins. */
export function mergeShellStaticData(list: readonly ShellStaticData[]): Required<ShellStaticData> {
  const merged: Required<ShellStaticData> = {
    hideNavbar: false,
    hideFooter: false,
    sidebar: false,
    background: 'default',
  }
  for (const data of list) {
    if (data.hideNavbar !== undefined) merged.hideNavbar = data.hideNavbar
    if (data.hideFooter !== undefined) merged.hideFooter = data.hideFooter
    if (data.sidebar !== undefined) merged.sidebar = data.sidebar
    if (data.background !== undefined) merged.background = data.background
  }
  return merged
}
