import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { CatchAllNotFound, RouteErrorPage, ShellLayout } from '../features/shell'
import type { RouterContext } from '../router'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: CatchAllNotFound,
  errorComponent: RouteErrorPage,
})

function RootLayout() {
  return (
    <ShellLayout>
      <Outlet />
    </ShellLayout>
  )
}
