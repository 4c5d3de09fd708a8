import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { activateLocale, i18n, loadCatalogFor, storedLocale } from './i18n/i18n'
import { catalogNeedOf, leadsVisitorToLogin } from './i18n/core-routes'
import { forgetAutoOpenedOnDeauthentication } from './features/feature-updates/feature-updates.flags'
import { signedInChrome } from './features/shell/signed-in-slot'
import { createAppRouter } from './router'
import { connectNavigator, getSession } from './session'
import {
  dataLayer,
  DataLayerProvider,
  loadQueryClient,
  needsDataLayer,
  wipeDataLeftSignedOut,
  wipeDataOnDeauthentication,
} from './offline/data-layer'
import { startOnlineTracking } from './offline/online-state'
import { startServiceWorker } from './offline/register-sw'
import { InstallInstructions, startInstallCapture } from './offline/install-app'
import { UpdatePrompt } from './offline/UpdatePrompt'
import './ui/global.css'

/** A guard that stalls must not keep the app from opening (the restore has its own bound). */
const ROUTER_LOAD_TIMEOUT_MS = 3_000

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  return Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms))]).catch(
    () => undefined,
  )
}

/** Lets the browser paint and handle input before the next piece of start-up work. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * What the page being opened needs before its first render, all loaded at once: its code (its
 * route chunks; one that fails to load is left to the router, which shows its error), the parts
 * of the catalog beyond the core it needs, unless it is a sign-in page the data layer with, for
 * someone signed in, their cached data (screens opened offline show it at once instead of a
 * skeleton) and the shell's signed-in parts. The root route would wait for each otherwise: one
 * more round trip.
 */
function loadPage(router: ReturnType<typeof createAppRouter>): Promise<unknown> {
  const [matched] = router.getMatchedRoutes(window.location.pathname)
  const routeIds = matched.map((route) => route.id as string)
  const signedIn = getSession() !== null
  // A visitor opening a page behind the sign-in is sent to /login: that page's code is not needed.
  const chunks = leadsVisitorToLogin(routeIds, signedIn)
    ? undefined
    : Promise.all(matched.flatMap((route) => router.loadRouteChunk(route) ?? [])).catch(
        () => undefined,
      )
  const words = loadCatalogFor(catalogNeedOf(routeIds, signedIn))
  const data = needsDataLayer(routeIds, signedIn)
    ? dataLayer
        .load()
        .then((layer) => layer.restored)
        .catch(() => undefined)
    : undefined
  const chrome = signedIn ? signedInChrome.load().catch(() => undefined) : undefined
  return Promise.all([chunks, words, data, chrome])
}

async function boot(): Promise<void> {
  startOnlineTracking()
  // Before any await: the browser offers installing early, and the worker should not wait for data.
  startInstallCapture()
  startServiceWorker()
  wipeDataOnDeauthentication()
  wipeDataLeftSignedOut()
  forgetAutoOpenedOnDeauthentication()
  // Whatever the page, a signed-in start needs the data layer and the shell's signed-in parts:
  // their chunks (and the restore) are asked for now.
  if (getSession() !== null) {
    dataLayer.load().catch(() => undefined)
    signedInChrome.load().catch(() => undefined)
  }
  const locale = activateLocale(storedLocale())
  // The bundle's evaluation was one long task already: the route tree is built in the next one.
  await yieldToMain()
  const router = createAppRouter(loadQueryClient)
  await Promise.all([locale, loadPage(router)])
  // The router's first load (guards, redirects, matches) before React mounts: mounted after it,
  // the router has nothing left to load, so the page renders once, inside the transition below.
  // Loaded on mount instead, its result came as a synchronous re-render of the whole page: one
  // long task. Bounded, as the restore is (src/offline/start-data-layer.ts): a guard that stalls
  // must not keep the app from opening (the router then loads again on mount, as it would have).
  await withTimeout(
    router.load().catch(() => undefined),
    ROUTER_LOAD_TIMEOUT_MS,
  )
  // The router's load is one task already; the first render starts in the next.
  await yieldToMain()
  connectNavigator((href) => void router.navigate({ href }))

  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  const root = createRoot(container)
  // A transition renders in slices that yield to the browser: a phone's first render is no
  // longer one long task that input waits behind.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <DataLayerProvider>
            <RouterProvider router={router} />
            <UpdatePrompt />
            <InstallInstructions />
          </DataLayerProvider>
        </I18nProvider>
      </StrictMode>,
    )
  })
}

void boot()
