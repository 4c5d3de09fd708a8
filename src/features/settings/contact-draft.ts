import * as v from 'valibot'
import { SupportTopicSchema } from '#contracts/settings.ts'

/** ARCHITECTURE.md: forms that take long on a phone keep a local draft (per user, this device). */
const DraftSchema = v.object({
  topic: v.union([SupportTopicSchema, v.literal('')]),
  subject: v.string(),
  body: v.string(),
})
export type ContactDraft = v.InferOutput<typeof DraftSchema>

export const EMPTY_DRAFT: ContactDraft = { topic: '', subject: '', body: '' }

const key = (userId: number) => `wb.contact-draft.${String(userId)}`

/** The user's saved draft, or an empty one (a draft that no longer parses is dropped). */
export function readContactDraft(userId: number): ContactDraft {
  try {
    const raw = localStorage.getItem(key(userId))
    if (raw === null) return EMPTY_DRAFT
    const parsed = v.safeParse(DraftSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : EMPTY_DRAFT
  } catch {
    return EMPTY_DRAFT
  }
}

/** Keeps the draft; an empty one is removed. */
export function writeContactDraft(userId: number, draft: ContactDraft): void {
  try {
    if (draft.topic === '' && draft.subject === '' && draft.body === '') {
      localStorage.removeItem(key(userId))
    } else {
      localStorage.setItem(key(userId), JSON.stringify(draft))
    }
  } catch {
    // Storage full or blocked: the form still works, only the draft is not kept.
  }
}
