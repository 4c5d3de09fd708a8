import { useSyncExternalStore } from 'react'
import { afterLoad } from '../ui/when-idle'
import { isOnline } from './online-state'

/** How often an open app asks the server whether a new version exists. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000

/** The service-worker calls this module needs, so tests can stand in for the browser. */
export type ServiceWorkerHost = {
  register(): Promise<ServiceWorkerRegistration | undefined>
  update(): Promise<void>
  /** Sends SKIP_WAITING to the waiting worker. */
  messageSkipWaiting(): void
  onWaiting(listener: () => void): void
}

export type RegisterOptions = {
  host?: ServiceWorkerHost
  /** Where `controllerchange` fires: navigator.serviceWorker. */
  container?: EventTarget
  reload?: () => void
  intervalMs?: number
  online?: () => boolean
}

type UpdateStatus = 'none' | 'waiting' | 'dismissed'

let status: UpdateStatus = 'none'
let apply: (() => void) | null = null
const listeners = new Set<() => void>()

function setStatus(next: UpdateStatus): void {
  if (status === next) return
  status = next
  for (const listener of listeners) listener()
}

/** True while a new version waits and the user has not chosen "Later". */
export function isUpdatePromptShown(): boolean {
  return status === 'waiting'
}

/** Subscribes to changes of `isUpdatePromptShown()`. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** React: whether the "new version" prompt should show. */
export function useUpdatePromptShown(): boolean {
  return useSyncExternalStore(subscribeUpdate, isUpdatePromptShown, () => false)
}

/** "Later": hides the prompt until a newer version is waiting. */
export function dismissUpdate(): void {
  if (status === 'waiting') setStatus('dismissed')
}

/** "Reload": the waiting worker takes over and the page reloads once it controls. */
export function applyUpdate(): void {
  apply?.()
}

/**
 * The browser's service-worker API behind the host interface. Every `updatefound` is followed, not
 * only the first: workbox-window stops listening after one external update, so a tab left open
 * would miss the release after a "Later".
 */
export function browserHost(scriptUrl: string): ServiceWorkerHost {
  const waitingListeners = new Set<() => void>()
  let registration: ServiceWorkerRegistration | undefined

  const watch = (reg: ServiceWorkerRegistration) => {
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing
      worker?.addEventListener('statechange', () => {
        // With no active worker this is the first install, which activates at once: nothing to offer.
        if (worker.state === 'installed' && reg.waiting === worker && reg.active !== null) {
          for (const listener of waitingListeners) listener()
        }
      })
    })
  }

  return {
    register: async () => {
      // After the load event, so precaching does not compete with the first render for bandwidth.
      await afterLoad()
      registration = await navigator.serviceWorker.register(scriptUrl, { scope: '/' })
      watch(registration)
      return registration
    },
    update: async () => {
      await registration?.update()
    },
    messageSkipWaiting: () => {
      registration?.waiting?.postMessage({ type: 'SKIP_WAITING' })
    },
    onWaiting: (listener) => {
      waitingListeners.add(listener)
    },
  }
}

/**
 * Registers the worker in prompt mode: a waiting version is announced, never applied by itself; updates
 * are looked for hourly and whenever the app comes back to the foreground. Returns a stop function.
 */
export function registerServiceWorker(options: RegisterOptions = {}): () => void {
  const host = options.host ?? browserHost('/sw.js')
  const container = options.container ?? navigator.serviceWorker
  const reload =
    options.reload ??
    (() => {
      window.location.reload()
    })
  const online = options.online ?? isOnline
  let requested = false
  let reloading = false

  host.onWaiting(() => {
    setStatus('waiting')
  })
  host
    .register()
    .then((registration) => {
      if (registration?.waiting) setStatus('waiting')
    })
    .catch(() => undefined) // no worker (private mode, a blocked scope): the app still runs online

  // Only the tab whose user chose Reload reloads; other tabs get the new worker on their next load.
  const handleControllerChange = () => {
    if (!requested || reloading) return
    reloading = true
    reload()
  }
  container.addEventListener('controllerchange', handleControllerChange)
  apply = () => {
    requested = true
    host.messageSkipWaiting()
  }

  const check = () => {
    if (online()) host.update().catch(() => undefined)
  }
  const timer = setInterval(check, options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS)
  const handleVisibility = () => {
    if (document.visibilityState === 'visible') check()
  }
  document.addEventListener('visibilitychange', handleVisibility)

  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', handleVisibility)
    container.removeEventListener('controllerchange', handleControllerChange)
    apply = null
    setStatus('none')
  }
}

/**
 * Boot: registers the worker in production builds only. A kill-switch build (VITE_SW_KILL_SWITCH=1)
 * registers nothing and removes any registration, so its own self-removing worker cannot loop.
 */
export function startServiceWorker(): void {
  const env = import.meta.env as Record<string, unknown>
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  if (env.VITE_SW_KILL_SWITCH === '1') {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .catch(() => undefined)
    return
  }
  registerServiceWorker()
}
