import * as v from 'valibot'

/** The sessionStorage key listing the sources that already failed once in this tab. */
export const CHUNK_FAILURES_KEY = 'wb.chunkFailures'

/** What to do about a failed chunk: reload once, then give up and show /500. */
export type ChunkLoadDecision = 'reload' | 'error-page'

export type SessionKeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

const FailuresSchema = v.array(v.string())

function readFailures(storage: SessionKeyValueStorage): string[] {
  try {
    const result = v.safeParse(
      FailuresSchema,
      JSON.parse(storage.getItem(CHUNK_FAILURES_KEY) ?? '[]'),
    )
    return result.success ? result.output : []
  } catch {
    return []
  }
}

/** The sessionStorage key of the last reload for a failed chunk: which page load asked, and when. */
export const CHUNK_RELOAD_KEY = 'wb.chunkReload'

/**
 * A reload for a failed chunk asked by an earlier page load less than this long ago did not help:
 * a chunk failing now (another file of the same page) goes to the error page, not to a second
 * reload.
 */
export const RELOAD_WINDOW_MS = 30_000

/** The page load deciding (`performance.timeOrigin` is its own) and the time. */
export type PageLoadMoment = { page: number; now: number }

const ReloadSchema = v.object({ page: v.number(), at: v.number() })

function readReload(storage: SessionKeyValueStorage): { page: number; at: number } | null {
  try {
    const result = v.safeParse(
      ReloadSchema,
      JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? 'null'),
    )
    return result.success ? result.output : null
  } catch {
    return null
  }
}

/**
 * Seeds 000 §2.3: the first failure of a source reloads the page (a new deployment replaced the
 * hashed file); a second failure of the same source means a reload does not help. Nor does one
 * for another source right after a reload: a page whose two chunks fail reloads once, not once
 * per chunk. Failures within one page load all ask for the same reload.
 */
export function chunkLoadDecision(
  source: string,
  storage: SessionKeyValueStorage,
  moment: PageLoadMoment = { page: performance.timeOrigin, now: Date.now() },
): ChunkLoadDecision {
  const failures = readFailures(storage)
  if (failures.includes(source)) return 'error-page'
  const reload = readReload(storage)
  const reloadedBefore =
    reload !== null && reload.page !== moment.page && moment.now - reload.at < RELOAD_WINDOW_MS
  try {
    storage.setItem(CHUNK_FAILURES_KEY, JSON.stringify([...failures, source]))
    if (reloadedBefore) return 'error-page'
    storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ page: moment.page, at: moment.now }))
  } catch {
    // Without storage a reload could loop forever, so go straight to the error page.
    return 'error-page'
  }
  return 'reload'
}

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite adds the CSS one.
const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
]

/** Whether an error is a failed dynamic import (a route chunk or its CSS). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return CHUNK_ERROR_PATTERNS.some((re) => re.test(error.message))
}

/** The failed file named in a chunk error's message, else the message itself. */
export function chunkSource(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const url = /(https?:\/\/\S+|\/\S+\.(?:m?js|css))/.exec(message)
  return url?.[1] ?? message
}

/** Forgets the recorded failures (the user asked to try again). */
export function clearChunkFailures(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(CHUNK_FAILURES_KEY)
    storage.removeItem(CHUNK_RELOAD_KEY)
  } catch {
    // Nothing recorded can be cleared when storage is blocked.
  }
}
