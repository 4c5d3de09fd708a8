import { useLayoutEffect } from 'react'
import { CatchBoundary, Outlet, useLocation, useRouterState } from '@tanstack/react-router'
import { useChunkLoadRecovery } from '../features/shell/chunk-recovery'
import { RouteErrorPage } from '../features/shell/RouteErrorPage'
import { ShellLayout } from '../features/shell/ShellLayout'
import { nameWebFontsIfLoaded } from '../ui/fonts'

/**
 * The root route's page: the matched page in the shell; a render error of the page shows inside
 * the shell (RouteErrorPage), until the user moves to another path. A route's chunk that fails to
 * load reloads the page once, then shows /500 (useChunkLoadRecovery). A first visit's web fonts,
 * once arrived, are named as a new page is laid out (src/ui/fonts.ts). The sign-in page opened
 * first handles a failure of the one chunk it loads itself (src/navigation/sign-in-start.tsx).
 */
export function RouterShell() {
  const pathname = useLocation({ select: (location) => location.pathname })
  useChunkLoadRecovery(pathname !== '/500')
  const shown = useRouterState({ select: (state) => state.resolvedLocation?.pathname })
  useLayoutEffect(() => {
    if (shown !== undefined) nameWebFontsIfLoaded()
  }, [shown])
  return (
    <ShellLayout>
      <CatchBoundary getResetKey={() => pathname} errorComponent={RouteErrorPage}>
        <Outlet />
      </CatchBoundary>
    </ShellLayout>
  )
}
