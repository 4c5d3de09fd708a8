import { useSyncExternalStore } from 'react'

/**
 * A part of the app that the entry does not carry (the query client and its persistence, the
 * signed-in chrome): loaded once, on first need, then read synchronously by whoever renders it.
 * A failed load (a chunk missing after a deploy, offline with nothing cached) may be tried again.
 */
export type ModuleSlot<T> = {
  /** Loads the part (once); the same promise for every caller until it settles. */
  load: () => Promise<T>
  /** The part if it is loaded, else null. */
  current: () => T | null
  subscribe: (listener: () => void) => () => void
}

export function moduleSlot<T>(importer: () => Promise<T>): ModuleSlot<T> {
  let value: T | null = null
  let loading: Promise<T> | null = null
  const listeners = new Set<() => void>()
  return {
    load: () => {
      loading ??= importer().then(
        (loaded) => {
          value = loaded
          for (const listener of listeners) listener()
          return loaded
        },
        (error: unknown) => {
          loading = null
          throw error
        },
      )
      return loading
    },
    current: () => value,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** React: the slot's part once loaded (null before); re-renders when it arrives. */
export function useModuleSlot<T>(slot: ModuleSlot<T>): T | null {
  return useSyncExternalStore(slot.subscribe, slot.current, slot.current)
}
