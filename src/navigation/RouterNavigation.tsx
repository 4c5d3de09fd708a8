import { useMemo, type ReactNode } from 'react'
import { Link, useLocation, useMatches, useNavigate } from '@tanstack/react-router'
import { mergeShellStaticData } from '../features/shell/static-data'
import { NavigationContext, type AppLinkProps, type Navigation } from './navigation'

function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />
}

// The router preloads a page's code on intent itself (defaultPreload: 'intent').
const prepare = () => undefined

/** The app's navigation through the router: the router's `InnerWrap` (src/router.tsx). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname })
  const searchStr = useLocation({ select: (location) => location.searchStr })
  const shell = useMatches({
    select: (matches) => mergeShellStaticData(matches.map((match) => match.staticData)),
    structuralSharing: true,
  })
  const routerNavigate = useNavigate()
  const value = useMemo<Navigation>(
    () => ({
      pathname,
      searchStr,
      shell,
      navigate: (href, options) => routerNavigate({ href, replace: options?.replace }),
      prepare,
      Link: RouterLink,
    }),
    [pathname, searchStr, shell, routerNavigate],
  )
  return <NavigationContext value={value}>{children}</NavigationContext>
}
