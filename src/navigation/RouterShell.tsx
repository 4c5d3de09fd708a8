import { CatchBoundary, Outlet, useLocation } from '@tanstack/react-router'
import { RouteErrorPage } from '../features/shell/RouteErrorPage'
import { ShellLayout } from '../features/shell/ShellLayout'

/**
 * The root route's page: the matched page in the shell; a render error of the page shows inside
 * the shell (RouteErrorPage), until the user moves to another path.
 */
export function RouterShell() {
  const pathname = useLocation({ select: (location) => location.pathname })
  return (
    <ShellLayout>
      <CatchBoundary getResetKey={() => pathname} errorComponent={RouteErrorPage}>
        <Outlet />
      </CatchBoundary>
    </ShellLayout>
  )
}
