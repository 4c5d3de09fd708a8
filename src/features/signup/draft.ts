import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import type { SignupOwner } from '#contracts/signup.ts'
import { deleteStored, readStored, STORES, writeStored } from './signup-store'

/**
 * ARCHITECTURE.md: the sign-up form keeps a local draft, one per study on this device, restored on
 * the next visit (after a reload, offline, after an app update) and cleared after a sign-up. The
 * password is never part of it.
 */
export type DraftForm = 'standard' | 'saudi'

/** How long after the last keystroke a draft is written (a burst of typing is one write). */
export const DRAFT_WRITE_DELAY_MS = 400

const DRAFT_VERSION = 1
const StoredDraftSchema = v.object({
  version: v.literal(DRAFT_VERSION),
  form: v.picklist(['standard', 'saudi']),
  values: v.record(v.string(), v.unknown()),
  savedAt: v.number(),
})

/** Keys never written to the device. */
const NEVER_STORED = new Set(['password'])

type Pending = { timer: ReturnType<typeof setTimeout>; write: () => Promise<void> }
const pending = new Map<SignupOwner, Pending>()

/** A study's stored draft as written: which form it belongs to and its (unparsed) values. */
export type StoredDraft = { form: DraftForm; values: Record<string, unknown> }

/** The stored draft of a study, or null (none, or unreadable). */
export async function loadStoredDraft(owner: SignupOwner): Promise<StoredDraft | null> {
  const parsed = v.safeParse(StoredDraftSchema, await readStored(STORES.drafts, owner))
  return parsed.success ? { form: parsed.output.form, values: parsed.output.values } : null
}

/** The stored draft of a study's form, parsed by `parse`, or null (none, another form, unreadable). */
export async function loadDraft<T>(
  owner: SignupOwner,
  form: DraftForm,
  parse: (values: Record<string, unknown>) => T,
): Promise<T | null> {
  const stored = await loadStoredDraft(owner)
  return stored?.form === form ? parse(stored.values) : null
}

function withoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !NEVER_STORED.has(key)))
}

/** Writes the draft after DRAFT_WRITE_DELAY_MS, replacing a write still waiting for the same study. */
export function saveDraftSoon(
  owner: SignupOwner,
  form: DraftForm,
  values: Record<string, unknown>,
): void {
  const waiting = pending.get(owner)
  if (waiting) clearTimeout(waiting.timer)
  const write = () => {
    pending.delete(owner)
    return writeStored(STORES.drafts, owner, {
      version: DRAFT_VERSION,
      form,
      values: withoutSecrets(values),
      savedAt: Date.now(),
    })
  }
  pending.set(owner, { timer: setTimeout(() => void write(), DRAFT_WRITE_DELAY_MS), write })
}

/** Writes every waiting draft now (the page is being hidden, reloaded or closed). */
export async function flushDrafts(): Promise<void> {
  const writes = [...pending.values()]
  for (const item of writes) clearTimeout(item.timer)
  await Promise.all(writes.map((item) => item.write()))
}

/** Drops a study's draft, including a write still waiting (after a successful sign-up). */
export async function clearDraft(owner: SignupOwner): Promise<void> {
  const waiting = pending.get(owner)
  if (waiting) clearTimeout(waiting.timer)
  pending.delete(owner)
  await deleteStored(STORES.drafts, owner)
}

/**
 * Saves the form's values as a draft whenever they change (debounced), and at once when the page is
 * hidden: a phone may kill a backgrounded tab without another chance. `enabled` is false until the
 * stored draft has been restored, so an empty form never overwrites it.
 */
export function useDraftAutosave(
  owner: SignupOwner,
  form: DraftForm,
  values: Record<string, unknown>,
  enabled: boolean,
): void {
  const first = useRef(true)
  useEffect(() => {
    if (!enabled) return
    // The restored values themselves need no write.
    if (first.current) {
      first.current = false
      return
    }
    saveDraftSoon(owner, form, values)
  }, [owner, form, values, enabled])

  useEffect(() => {
    const handleHide = () => {
      if (document.visibilityState === 'hidden') void flushDrafts()
    }
    const handlePageHide = () => void flushDrafts()
    document.addEventListener('visibilitychange', handleHide)
    window.addEventListener('pagehide', handlePageHide)
    return () => {
      document.removeEventListener('visibilitychange', handleHide)
      window.removeEventListener('pagehide', handlePageHide)
      void flushDrafts()
    }
  }, [])
}
