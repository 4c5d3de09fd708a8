import { useEffect } from 'react'
import { chunkLoadDecision, chunkSource, clearChunkFailures } from '../../lib/chunk-load'
import { pageLoad } from './page-reload'

function sessionStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * Seeds 000 §2.3: a failed chunk reloads the page once (the deployment changed under the tab); a
 * second failure of the same file goes to /500. Loads the page afresh either way, so the new
 * deployment's files are used.
 */
export function recoverFromChunkError(error: unknown): void {
  const store = sessionStore()
  const decision = store ? chunkLoadDecision(chunkSource(error), store) : 'error-page'
  if (decision === 'reload') pageLoad.reload()
  else pageLoad.assign('/500')
}

/** Forgets past chunk failures, so a retry the user asks for may reload again. */
export function forgetChunkFailures(): void {
  const store = sessionStore()
  if (store) clearChunkFailures(store)
}

/**
 * Handles Vite's preload failures (a route's JS or CSS) for the lifetime of the shell, unless
 * `enabled` is false: on /500 recovery has ended, and a part that page does without (the data
 * layer, a loader that catches its own failure) must not send it to itself again.
 */
export function useChunkLoadRecovery(enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    const handlePreloadError = (event: VitePreloadErrorEvent) => {
      // Stop Vite from throwing: the page is about to be reloaded or replaced.
      event.preventDefault()
      recoverFromChunkError(event.payload)
    }
    window.addEventListener('vite:preloadError', handlePreloadError)
    return () => {
      window.removeEventListener('vite:preloadError', handlePreloadError)
    }
  }, [enabled])
}
