import { useSyncExternalStore } from 'react'
import { onDeauthenticate } from '../../session'

/** Seeds 000 §3 notify-updates flag: "false" stops the modal opening by itself after sign-in. */
export const NOTIFY_UPDATES_KEY = 'wb.notifyUpdates'
/** The user the modal already opened itself for in this sign-in (cleared on deauthentication). */
export const AUTO_OPENED_KEY = 'wb.featureUpdates.autoOpened'

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Storage blocked (private mode): the flag is simply not remembered.
  }
}

/** Whether new updates open the modal by themselves (on unless turned off). */
export function notifiesUpdates(): boolean {
  return read(NOTIFY_UPDATES_KEY) !== 'false'
}

/** Turns the automatic opening on or off. */
export function setNotifiesUpdates(on: boolean): void {
  write(NOTIFY_UPDATES_KEY, on ? 'true' : 'false')
}

/** Whether the modal already opened itself for this user since they signed in. */
export function wasAutoOpened(userId: number): boolean {
  return read(AUTO_OPENED_KEY) === String(userId)
}

/** Remembers that the modal opened itself for this user. */
export function rememberAutoOpened(userId: number): void {
  write(AUTO_OPENED_KEY, String(userId))
}

/**
 * A new sign-in (of anyone) may open the modal once again: the flag goes at every sign-out, also
 * on a page where the feature updates never loaded (registered at boot, src/main.tsx).
 */
export function forgetAutoOpenedOnDeauthentication(): () => void {
  return onDeauthenticate(() => {
    write(AUTO_OPENED_KEY, null)
  })
}

let open = false
const listeners = new Set<() => void>()

/** Opens or closes the feature-updates modal (the account menu and the automatic opening use it). */
export function setFeatureUpdatesOpen(next: boolean): void {
  if (open === next) return
  open = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Whether the feature-updates modal is open. */
export function useFeatureUpdatesOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  )
}
