import { useLayoutEffect } from 'react'
import type { Root } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { renderInFrame, yieldToMain } from './app-frame'
import { signedInChrome } from './features/shell/signed-in-slot'
import { loadCatalogFor } from './i18n/i18n'
import { catalogNeedOf, leadsVisitorToLogin } from '#contracts/pages/core-routes.ts'
import { settleWithin } from './lib/settle-within'
import { dataLayer, loadQueryClient, needsDataLayer } from './offline/data-layer'
import { createAppRouter } from './router'
import { connectNavigator, getSession } from './session'

/** A guard that stalls must not keep the app from opening (the restore has its own bound). */
const ROUTER_LOAD_TIMEOUT_MS = 3_000

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * What the page being opened needs before its first render, all loaded at once: its code (its
 * route chunks; one that fails to load is left to the router, which shows its error), the parts
 * of the catalog beyond the core it needs, unless it is a sign-in page the data layer with, for
 * someone signed in, their cached data (screens opened offline show it at once instead of a
 * skeleton) and the shell's signed-in parts. The root route would wait for each otherwise: one
 * more round trip.
 */
function loadPage(router: AppRouter): Promise<unknown> {
  const [matched] = router.getMatchedRoutes(router.history.location.pathname)
  const routeIds = matched.map((route) => route.id as string)
  const signedIn = getSession() !== null
  // A visitor opening a page behind the sign-in is sent to /login: that page's code is not needed.
  const chunks = leadsVisitorToLogin(routeIds, signedIn)
    ? undefined
    : Promise.all(matched.flatMap((route) => router.loadRouteChunk(route) ?? []))
  const words = loadCatalogFor(catalogNeedOf(routeIds, signedIn))
  const data = needsDataLayer(routeIds, signedIn)
    ? dataLayer.load().then((layer) => layer.restored)
    : undefined
  const chrome = signedIn ? signedInChrome.load() : undefined
  // Each failure is the router's to show (the root route loads them again).
  const settled = [chunks, words, data, chrome].flatMap((work) =>
    work === undefined ? [] : [work.catch(() => undefined)],
  )
  return Promise.all(settled)
}

/**
 * Starts the app under the router in `root`: at the page opened, or at `leaveTo` when the
 * sign-in page opened first hands over (a link, the page after signing in): pushed on the
 * browser's history, so Back returns to the sign-in page, now under the router, or in its place
 * (`replace`: the page a sign-in leads to).
 */
export async function startApp(
  root: Root,
  {
    locale,
    leaveTo,
    replace = false,
  }: { locale?: Promise<void>; leaveTo?: string; replace?: boolean } = {},
): Promise<void> {
  // This chunk's evaluation was one long task already: the route tree is built in the next one.
  await yieldToMain()
  const router = createAppRouter(loadQueryClient)
  if (leaveTo !== undefined) {
    if (replace) router.history.replace(leaveTo)
    else router.history.push(leaveTo)
    router.history.flush()
  }
  await Promise.all([locale, loadPage(router)])
  // The router's first load (guards, redirects, matches) before React mounts: mounted after it,
  // the router has nothing left to load, so the page renders once, inside the frame's transition.
  // Loaded on mount instead, its result came as a synchronous re-render of the whole page: one
  // long task. Bounded, as the restore is (src/offline/start-data-layer.ts): a guard that stalls
  // must not keep the app from opening (the router then loads again on mount, as it would have).
  await settleWithin(router.load(), ROUTER_LOAD_TIMEOUT_MS)
  // The router's load is one task already; the first render starts in the next.
  await yieldToMain()
  connectNavigator((href) => void router.navigate({ href }))
  renderInFrame(
    root,
    <>
      <RouterProvider router={router} />
      {leaveTo === undefined ? null : <FocusMainOnArrival />}
    </>,
  )
}

/**
 * The sign-in page handing over is an in-app navigation: the new page's main region gets focus,
 * as after any other (src/features/shell/ShellLayout.tsx), so keyboard and screen-reader users
 * start on the new content. The shell, mounted anew under the router, cannot tell. Before any
 * passive effect: a dialog opening by itself with the page (what's new) returns focus here.
 */
function FocusMainOnArrival() {
  useLayoutEffect(() => {
    const active = document.activeElement
    // A field the page itself focused keeps its focus, as after any navigation.
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return
    document.getElementById('main')?.focus({ preventScroll: true })
  }, [])
  return null
}
