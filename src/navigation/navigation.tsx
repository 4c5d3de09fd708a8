import {
  createContext,
  use,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react'
import type { ShellStaticData } from '../features/shell/static-data'

/** An in-app link: `to` is a path with its query (`/request-password`, `/units?q=12`). */
export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  children?: ReactNode
}

/**
 * What the shell and the sign-in page need of the app's navigation: where the user is, the
 * shell's options for that page, a way to go elsewhere and the link that does it. The router
 * provides it for every page (src/navigation/RouterNavigation.tsx); the sign-in page opened
 * first provides it without the router (src/navigation/sign-in-start.tsx), so that page loads
 * no router code (seeds' /login, issue 3's JS budget).
 */
export type Navigation = {
  pathname: string
  /** The query string, `?` included (empty when none). */
  searchStr: string
  shell: Required<ShellStaticData>
  /**
   * Goes to `href` (an in-app path with its query); settles once the page is shown. `replace`:
   * the page takes this one's place in the history (after a sign-in, Back does not return to
   * the form that would only send the user on).
   */
  navigate: (href: string, options?: NavigateOptions) => Promise<void>
  /** The code of the pages a navigation from here leads to is fetched now (a user's intent). */
  prepare: () => void
  Link: ComponentType<AppLinkProps>
  /**
   * The page keeps the visitor's shell whoever signs in: the sign-in page opened first. The
   * signed-in header (app links, panel picker, account menu) is the router's shell's, which
   * replaces this page's at the hand-over; shown here in the moment between the sign-in and the
   * hand-over, a menu opened then closed under the user's finger as the router's page came in.
   */
  visitorShell?: boolean
}

export type NavigateOptions = { replace?: boolean }

export const NavigationContext = createContext<Navigation | null>(null)

/** The app's navigation; rendered outside a provider is a programming error. */
export function useNavigation(): Navigation {
  const navigation = use(NavigationContext)
  if (!navigation) throw new Error('useNavigation: no NavigationContext above this component')
  return navigation
}

/** An in-app link through whichever navigation the page runs under. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation()
  return <Link {...props} />
}
