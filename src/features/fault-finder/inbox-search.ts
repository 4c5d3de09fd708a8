import * as v from 'valibot'
import { ANOMALY_SEARCH_MAX } from '#contracts/anomaly-inbox.ts'

/**
 * The inbox's address beyond its tab: the search (`q`). A term of digits comes back from the
 * address as a number and is read as text again; anything invalid is no search.
 */
export const InboxSearchSchema = v.object({
  q: v.optional(
    v.fallback(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.maxLength(ANOMALY_SEARCH_MAX),
      ),
      '',
    ),
    '',
  ),
})
export type InboxSearch = v.InferOutput<typeof InboxSearchSchema>

/** What the address leaves out: no search. */
export const INBOX_SEARCH_DEFAULTS: InboxSearch = { q: '' }

/** How long typing pauses before the inbox searches for what was typed. */
export const SEARCH_DELAY_MS = 300
