import { CatchBoundary, Outlet, useLocation } from '@tanstack/react-router'
import { useChunkLoadRecovery } from '../features/shell/chunk-recovery'
import { RouteErrorPage } from '../features/shell/RouteErrorPage'
import { ShellLayout } from '../features/shell/ShellLayout'

/**
 * The root route's page: the matched page in the shell; a render error of the page shows inside
 * the shell (RouteErrorPage), until the user moves to another path. A route's chunk that fails to
 * load reloads the page once, then shows /500 (useChunkLoadRecovery). The sign-in page opened
 * first handles a failure of the one chunk it loads itself (src/navigation/sign-in-start.tsx).
 */
export function RouterShell() {
  const pathname = useLocation({ select: (location) => location.pathname })
  useChunkLoadRecovery(pathname !== '/500')
  return (
    <ShellLayout>
      <CatchBoundary getResetKey={() => pathname} errorComponent={RouteErrorPage}>
        <Outlet />
      </CatchBoundary>
    </ShellLayout>
  )
}
