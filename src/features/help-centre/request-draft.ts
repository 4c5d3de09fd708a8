import { useEffect, useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { HcRequestSchema } from '#contracts/help-centre.ts'
import { DRAFT_STORE, helpCentreDb } from './hc-db'

/*
 * ARCHITECTURE.md: forms that take long on a phone keep a local draft. The request draft lives in
 * IndexedDB, one per person on this device (a visitor, or each signed-in user), and also carries
 * the send that is waiting for a connection, so that a reload never loses a request.
 */

const FieldsSchema = v.object({
  name: v.string(),
  email: v.string(),
  subject: v.string(),
  body: v.string(),
})
export type HelpRequestFields = v.InferOutput<typeof FieldsSchema>

export const EMPTY_FIELDS: HelpRequestFields = { name: '', email: '', subject: '', body: '' }

const DraftSchema = v.object({
  ...FieldsSchema.entries,
  /** A send that is waiting for a connection, or on its way. */
  pending: v.nullable(
    v.object({ clientId: v.string(), queuedAt: v.number(), request: HcRequestSchema }),
  ),
  /** What the server said when it last refused a send of this draft. */
  refusal: v.nullable(
    v.object({ status: v.number(), code: v.string(), errors: v.record(v.string(), v.string()) }),
  ),
  /** The last request that reached the server. */
  sent: v.nullable(v.object({ clientId: v.string(), requestId: v.number(), sentAt: v.number() })),
  updatedAt: v.number(),
})
export type HelpRequestDraft = v.InferOutput<typeof DraftSchema>
export type PendingSend = NonNullable<HelpRequestDraft['pending']>
/** A request as it is sent and stored (checked, trimmed, with its tags). */
export type HcRequestBody = v.InferOutput<typeof HcRequestSchema>
export type Refusal = NonNullable<HelpRequestDraft['refusal']>

/** A draft with nothing in it yet. */
export function emptyDraft(now = Date.now()): HelpRequestDraft {
  return { ...EMPTY_FIELDS, pending: null, refusal: null, sent: null, updatedAt: now }
}

/** The draft of whoever is not signed in on this device. */
export const VISITOR_DRAFT_KEY = 'visitor'

/** Whose draft: each signed-in user has their own, visitors share the device's. */
export function draftKeyFor(userId: number | undefined): string {
  return userId === undefined ? VISITOR_DRAFT_KEY : `user:${String(userId)}`
}

/** Typing is saved after this pause; sends, refusals and confirmations at once. */
const TYPING_SAVE_DELAY_MS = 300

const drafts = new Map<string, HelpRequestDraft>()
const loads = new Map<string, Promise<HelpRequestDraft>>()
const timers = new Map<string, ReturnType<typeof setTimeout>>()
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

async function write(key: string): Promise<void> {
  const timer = timers.get(key)
  if (timer !== undefined) clearTimeout(timer)
  timers.delete(key)
  const draft = drafts.get(key)
  if (!draft) return
  try {
    const tx = (await helpCentreDb()).transaction(DRAFT_STORE, 'readwrite')
    await tx.store.put(draft, key)
    await tx.done
  } catch {
    // Storage blocked or full: the form still works, only the draft is not kept.
  }
}

if (typeof globalThis.addEventListener === 'function') {
  globalThis.addEventListener('pagehide', () => {
    for (const key of [...timers.keys()]) void write(key)
  })
}

/** Loads a draft from IndexedDB once (an unreadable or missing one is empty). */
export function loadDraft(key: string): Promise<HelpRequestDraft> {
  let load = loads.get(key)
  if (!load) {
    load = (async () => {
      let stored: unknown
      try {
        stored = await (await helpCentreDb()).get(DRAFT_STORE, key)
      } catch {
        stored = undefined
      }
      const parsed = v.safeParse(DraftSchema, stored)
      // A change made while it loaded wins over what was stored.
      const draft = drafts.get(key) ?? (parsed.success ? parsed.output : emptyDraft())
      drafts.set(key, draft)
      notify()
      return draft
    })()
    loads.set(key, load)
  }
  return load
}

/** The draft if it is loaded, else undefined. */
export function peekDraft(key: string): HelpRequestDraft | undefined {
  return drafts.get(key)
}

/** Changes a loaded draft's fields at once (the form's inputs); saved after a short pause. */
export function editDraft(key: string, patch: Partial<HelpRequestFields>, now = Date.now()): void {
  const current = drafts.get(key)
  if (!current) return
  drafts.set(key, { ...current, ...patch, updatedAt: now })
  notify()
  if (!timers.has(key)) {
    timers.set(
      key,
      setTimeout(() => void write(key), TYPING_SAVE_DELAY_MS),
    )
  }
}

/** Changes a draft (loading it first) and saves it before resolving. */
export async function updateDraft(
  key: string,
  change: (current: HelpRequestDraft) => HelpRequestDraft,
): Promise<HelpRequestDraft> {
  const loaded = await loadDraft(key)
  // The draft as it is now (typing since the load changed it), not as it was loaded.
  const next = change(drafts.get(key) ?? loaded)
  drafts.set(key, next)
  notify()
  await write(key)
  return next
}

/** Subscribes to changes of any draft. */
export function subscribeDrafts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** React: a draft (undefined while it loads). */
export function useDraft(key: string): HelpRequestDraft | undefined {
  useEffect(() => {
    void loadDraft(key)
  }, [key])
  return useSyncExternalStore(
    subscribeDrafts,
    () => drafts.get(key),
    () => undefined,
  )
}

/** Test helper: forget every loaded draft (IndexedDB itself is reset by the test). */
export function resetDraftsForTests(): void {
  for (const timer of timers.values()) clearTimeout(timer)
  timers.clear()
  drafts.clear()
  loads.clear()
}
