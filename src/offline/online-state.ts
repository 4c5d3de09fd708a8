import { useSyncExternalStore } from 'react'
import { onlineManager } from '@tanstack/react-query'

/**
 * Online means the browser says so AND requests reach the server. `navigator.onLine` alone lies in both
 * directions (captive portals, a basement with bars and no data), so a failed request marks the app offline
 * and a probe of /api/health brings it back; the browser's own events still count at once.
 */
const PROBE_URL = '/api/health'
const PROBE_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 30_000]

let requestsFailing = false
let probeTimer: ReturnType<typeof setTimeout> | undefined
let probeAttempt = 0
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

/** True when the app believes the server can be reached. */
export function isOnline(): boolean {
  return offlineCause() === null
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine
}

/**
 * Why the app is offline: the device has no network ('device'), or it has one and requests still
 * fail ('unreachable': a captive portal, a network with no data, or the server down). Null online.
 */
export type OfflineCause = 'device' | 'unreachable'

/** Why the app is offline, or null when it is online. */
export function offlineCause(): OfflineCause | null {
  if (!browserOnline()) return 'device'
  return requestsFailing ? 'unreachable' : null
}

// Last state seen by listeners, so a change is announced once. A page that loads offline starts
// offline: starting online would swallow the first `online` event.
let announced = offlineCause()

/** Subscribes to changes of `isOnline()`. */
export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function setFailing(failing: boolean): void {
  requestsFailing = failing
  announce()
}

function announce(): void {
  if (announced !== offlineCause()) {
    announced = offlineCause()
    emit()
  }
}

function scheduleProbe(): void {
  if (probeTimer !== undefined || !requestsFailing) return
  const delay = PROBE_DELAYS_MS[Math.min(probeAttempt, PROBE_DELAYS_MS.length - 1)] ?? 30_000
  probeAttempt += 1
  probeTimer = setTimeout(() => {
    probeTimer = undefined
    if (!browserOnline()) return // the `online` event will call us back
    fetch(PROBE_URL, { cache: 'no-store' })
      .then((response) => {
        if (response.ok) reportNetworkSuccess()
        else scheduleProbe()
      })
      .catch(scheduleProbe)
  }, delay)
}

/** Called by the fetch wrapper when a request failed for lack of network (not a refusal). */
export function reportNetworkFailure(): void {
  setFailing(true)
  scheduleProbe()
}

/** Called by the fetch wrapper when a request got any answer from the server. */
export function reportNetworkSuccess(): void {
  probeAttempt = 0
  if (probeTimer !== undefined) clearTimeout(probeTimer)
  probeTimer = undefined
  setFailing(false)
}

/** Starts listening to the browser and makes TanStack Query pause and resume with this state. */
export function startOnlineTracking(): () => void {
  announced = offlineCause()
  const handleOnline = () => {
    // The browser regained a network; let one real request prove the server is reachable.
    announce()
    if (requestsFailing) {
      probeAttempt = 0
      scheduleProbe()
    }
  }
  const handleOffline = () => {
    announce()
  }
  window.addEventListener('online', handleOnline)
  window.addEventListener('offline', handleOffline)
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline())
    return subscribeOnline(() => {
      setOnline(isOnline())
    })
  })
  return () => {
    window.removeEventListener('online', handleOnline)
    window.removeEventListener('offline', handleOffline)
  }
}

/** React: whether the app is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true)
}

/** React: why the app is offline (null when online). */
export function useOfflineCause(): OfflineCause | null {
  return useSyncExternalStore(subscribeOnline, offlineCause, () => null)
}

/** Test helper: back to the initial state. */
export function resetOnlineStateForTests(): void {
  if (probeTimer !== undefined) clearTimeout(probeTimer)
  probeTimer = undefined
  probeAttempt = 0
  requestsFailing = false
  announced = offlineCause()
}
