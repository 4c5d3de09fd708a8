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

/**
 * Seeds 000 §2.3: the first failure of a source reloads the page (a new deployment replaced the
 * hashed file); a second failure of the same source means a reload does not help.
 */
export function chunkLoadDecision(
  source: string,
  storage: SessionKeyValueStorage,
): ChunkLoadDecision {
  const failures = readFailures(storage)
  if (failures.includes(source)) return 'error-page'
  try {
    storage.setItem(CHUNK_FAILURES_KEY, JSON.stringify([...failures, source]))
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
  } catch {
    // Nothing recorded can be cleared when storage is blocked.
  }
}
