import type { SignupOwner } from '#contracts/signup.ts'
import { createDrafts, type StoredDraft as FormDraft } from '../../forms'
import { deleteStored, readStored, STORES, writeStored } from './signup-store'

/**
 * The sign-up's drafts (the form layer's drafts): one per study on this device, in the sign-up's
 * own IndexedDB database, cleared after a sign-up. The password is never part of one.
 */
export type DraftForm = 'standard' | 'saudi'

export { DRAFT_WRITE_DELAY_MS } from '../../forms'

const drafts = createDrafts({
  read: (key) => readStored(STORES.drafts, key),
  write: (key, value) => writeStored(STORES.drafts, key, value),
  remove: (key) => deleteStored(STORES.drafts, key),
})

/** A study's stored draft as written: which form it belongs to and its (unparsed) values. */
export type StoredDraft = FormDraft

/** The stored draft of a study, or null (none, or unreadable). */
export const loadStoredDraft: (owner: SignupOwner) => Promise<StoredDraft | null> =
  drafts.loadStored
/** The stored draft of a study's form, parsed by `parse`, or null. */
export const loadDraft: <T>(
  owner: SignupOwner,
  form: DraftForm,
  parse: (values: Record<string, unknown>) => T,
) => Promise<T | null> = drafts.load
/** Writes the draft soon, replacing a write still waiting for the same study. */
export const saveDraftSoon: (
  owner: SignupOwner,
  form: DraftForm,
  values: Record<string, unknown>,
) => void = drafts.saveSoon
/** Writes every waiting draft now. */
export const flushDrafts = drafts.flush
/** Drops a study's draft, including a write still waiting. */
export const clearDraft: (owner: SignupOwner) => Promise<void> = drafts.clear
/** Saves the form's values as a draft whenever they change, and at once when the page is hidden. */
export const useDraftAutosave: (
  owner: SignupOwner,
  form: DraftForm,
  values: Record<string, unknown>,
  enabled: boolean,
) => void = drafts.useAutosave
