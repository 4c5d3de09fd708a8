import { useEffect, useRef } from 'react'
import * as v from 'valibot'

/**
 * ARCHITECTURE.md: long forms keep a local draft on this device, restored on the next visit (after
 * a reload, offline, after an app update) and cleared once sent. Where it is kept is the form's
 * choice (`DraftStorage`: the sign-up's own IndexedDB database, say); secrets are never written.
 */
export type DraftStorage = {
  read: (key: string) => Promise<unknown>
  write: (key: string, value: unknown) => Promise<void>
  remove: (key: string) => Promise<void>
}

/** How long after the last keystroke a draft is written (a burst of typing is one write). */
export const DRAFT_WRITE_DELAY_MS = 400

const DRAFT_VERSION = 1
const StoredDraftSchema = v.object({
  version: v.literal(DRAFT_VERSION),
  form: v.string(),
  values: v.record(v.string(), v.unknown()),
  savedAt: v.number(),
})

/** A stored draft as written: which form it belongs to and its (unparsed) values. */
export type StoredDraft = { form: string; values: Record<string, unknown> }

/** Keys never written to the device. */
const NEVER_STORED = new Set(['password', 'current_password', 'password_confirmation'])

type Pending = { timer: ReturnType<typeof setTimeout>; write: () => Promise<void> }

/** The drafts kept in one storage, under keys the form chooses (one per study, per user…). */
export type Drafts = ReturnType<typeof createDrafts>

/** Drafts in `storage`: load, save soon (debounced), flush, clear, and the autosave hook. */
export function createDrafts(storage: DraftStorage) {
  const pending = new Map<string, Pending>()

  /** The stored draft under `key`, or null (none, or unreadable). */
  const loadStored = async (key: string): Promise<StoredDraft | null> => {
    const parsed = v.safeParse(StoredDraftSchema, await storage.read(key))
    return parsed.success ? { form: parsed.output.form, values: parsed.output.values } : null
  }

  /** The stored draft of `form` under `key`, parsed by `parse`, or null. */
  const load = async <T>(
    key: string,
    form: string,
    parse: (values: Record<string, unknown>) => T,
  ): Promise<T | null> => {
    const stored = await loadStored(key)
    return stored?.form === form ? parse(stored.values) : null
  }

  /** Writes the draft after DRAFT_WRITE_DELAY_MS, replacing a write still waiting for `key`. */
  const saveSoon = (key: string, form: string, values: Record<string, unknown>): void => {
    const waiting = pending.get(key)
    if (waiting) clearTimeout(waiting.timer)
    const write = () => {
      pending.delete(key)
      return storage.write(key, {
        version: DRAFT_VERSION,
        form,
        values: Object.fromEntries(
          Object.entries(values).filter(([name]) => !NEVER_STORED.has(name)),
        ),
        savedAt: Date.now(),
      })
    }
    pending.set(key, { timer: setTimeout(() => void write(), DRAFT_WRITE_DELAY_MS), write })
  }

  /** Writes every waiting draft now (the page is being hidden, reloaded or closed). */
  const flush = async (): Promise<void> => {
    const writes = [...pending.values()]
    for (const item of writes) clearTimeout(item.timer)
    await Promise.all(writes.map((item) => item.write()))
  }

  /** Drops a draft, including a write still waiting (after a successful send). */
  const clear = async (key: string): Promise<void> => {
    const waiting = pending.get(key)
    if (waiting) clearTimeout(waiting.timer)
    pending.delete(key)
    await storage.remove(key)
  }

  /**
   * Saves the form's values whenever they change (debounced), and at once when the page is
   * hidden: a phone may kill a backgrounded tab without another chance. `enabled` is false until
   * the stored draft has been restored, so an empty form never overwrites it.
   */
  const useAutosave = (
    key: string,
    form: string,
    values: Record<string, unknown>,
    enabled: boolean,
  ): void => {
    const first = useRef(true)
    useEffect(() => {
      if (!enabled) return
      // The restored values themselves need no write.
      if (first.current) {
        first.current = false
        return
      }
      saveSoon(key, form, values)
    }, [key, form, values, enabled])

    useEffect(() => {
      const handleHide = () => {
        if (document.visibilityState === 'hidden') void flush()
      }
      const handlePageHide = () => void flush()
      document.addEventListener('visibilitychange', handleHide)
      window.addEventListener('pagehide', handlePageHide)
      return () => {
        document.removeEventListener('visibilitychange', handleHide)
        window.removeEventListener('pagehide', handlePageHide)
        void flush()
      }
    }, [])
  }

  return { loadStored, load, saveSoon, flush, clear, useAutosave }
}
