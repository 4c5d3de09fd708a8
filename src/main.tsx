import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { activateLocale, i18n, loadFullCatalog, storedLocale } from './i18n/i18n'
import { needsFullCatalog } from './i18n/core-routes'
import { createQueryClient } from './api/query-client'
import { createAppRouter } from './router'
import {
  connectNavigator,
  getSession,
  onDeauthenticate,
  renewNow,
  subscribeSession,
} from './session'
import { createQueryPersistence } from './offline/persistence'
import { startOnlineTracking } from './offline/online-state'
import { startServiceWorker } from './offline/register-sw'
import { InstallInstructions, startInstallCapture } from './offline/install-app'
import { UpdatePrompt } from './offline/UpdatePrompt'
import { registerQueueableMutations } from './offline/mutations'
import { FEATURE_UPDATE_MUTATIONS } from './features/feature-updates'
import { SETTINGS_MUTATIONS } from './features/settings/queue'
import { HELP_CENTRE_MUTATIONS } from './features/help-centre/queue'
import { startAppReplay } from './offline/replay'
import './ui/global.css'

/** IndexedDB can stall (private mode, a blocked upgrade): never let it keep the app from opening. */
const RESTORE_TIMEOUT_MS = 3_000

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
 * What the page being opened needs before its first render, loaded with the catalog and the
 * cached data: its code (its route chunks; one that fails to load is left to the router, which
 * shows its error) and, unless it is a core page, the rest of the catalog (the root route would
 * wait for it otherwise: one more round trip).
 */
function loadPage(router: ReturnType<typeof createAppRouter>): Promise<unknown> {
  const [matched] = router.getMatchedRoutes(window.location.pathname)
  const chunks = Promise.all(matched.flatMap((route) => router.loadRouteChunk(route) ?? [])).catch(
    () => undefined,
  )
  const routeIds = matched.map((route) => route.id as string)
  const words = needsFullCatalog(routeIds, getSession() !== null) ? loadFullCatalog() : undefined
  return Promise.all([chunks, words])
}

async function boot(): Promise<void> {
  startOnlineTracking()
  // Before any await: the browser offers installing early, and the worker should not wait for data.
  startInstallCapture()
  startServiceWorker()
  const queryClient = createQueryClient()
  // Before the restore: restored paused changes find their functions by mutation key.
  registerQueueableMutations(queryClient, [
    ...FEATURE_UPDATE_MUTATIONS,
    ...SETTINGS_MUTATIONS,
    ...HELP_CENTRE_MUTATIONS,
  ])
  const persistence = createQueryPersistence(queryClient)

  // The signed-in user's cached data is restored before the first render, so screens opened
  // offline show it at once instead of a skeleton.
  const userId = getSession()?.userId
  const restored =
    userId === undefined
      ? undefined
      : withTimeout(persistence.restoreFor(userId), RESTORE_TIMEOUT_MS)
  const locale = activateLocale(storedLocale())
  // The bundle's evaluation was one long task already: the route tree is built in the next one.
  await yieldToMain()
  const router = createAppRouter(queryClient)
  await Promise.all([locale, restored, loadPage(router)])
  // The router's first load (guards, redirects, matches) before React mounts: mounted after it,
  // the router has nothing left to load, so the page renders once, inside the transition below.
  // Loaded on mount instead, its result came as a synchronous re-render of the whole page: one
  // long task. Bounded, as the restore is: a guard that stalls must not keep the app from opening
  // (the router then loads again on mount, as it would have).
  await withTimeout(
    router.load().catch(() => undefined),
    RESTORE_TIMEOUT_MS,
  )
  // The router's load is one task already; the replay and the first render start in the next.
  await yieldToMain()
  // Changes queued offline go out after the restore, once the token is renewed.
  const replay = startAppReplay(queryClient, {
    renewNow,
    isSignedIn: () => getSession() !== null,
  })
  void replay.replayNow()
  onDeauthenticate(() => void persistence.wipe())
  subscribeSession(() => {
    const current = getSession()?.userId
    if (current !== undefined) void persistence.restoreFor(current)
  })

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
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <UpdatePrompt />
            <InstallInstructions />
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    )
  })
}

void boot()
