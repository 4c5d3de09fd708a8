import type { FieldCodes } from './form-codes'

/**
 * One submit state machine for every form:
 * idle → submitting → success | queued (saved on this device, sent when back online)
 *                   | invalid (codes under fields) | failed (offline, or another failure).
 * `attempt` counts refusals (invalid or failed), so the focus rule moves focus again on each.
 */
export type SubmitStatus = 'idle' | 'submitting' | 'success' | 'queued' | 'invalid' | 'failed'

/** Why a submit failed without field errors: offline, or another failure with the server's code. */
export type SubmitFailure = { kind: 'offline' } | { kind: 'other'; code?: string }

export type SubmitState<F extends string = string> = {
  status: SubmitStatus
  codes: FieldCodes<F>
  failure: SubmitFailure | null
  attempt: number
}

export type SubmitEvent<F extends string = string> =
  | { type: 'submit' }
  | { type: 'sent' }
  | { type: 'queued' }
  | { type: 'invalid'; codes: FieldCodes<F> }
  | { type: 'failed'; failure: SubmitFailure }
  | { type: 'edit'; fields: readonly F[] }
  | { type: 'reset' }

export const INITIAL_SUBMIT_STATE: SubmitState<never> = {
  status: 'idle',
  codes: {},
  failure: null,
  attempt: 0,
}

/** The submit machine's transitions (pure; a submit while one is under way is ignored). */
export function submitReducer<F extends string>(
  state: SubmitState<F>,
  event: SubmitEvent<F>,
): SubmitState<F> {
  switch (event.type) {
    case 'submit':
      // The codes stay on screen while sending: they clear on the answer, not before.
      return state.status === 'submitting' ? state : { ...state, status: 'submitting' }
    case 'sent':
      return { ...state, status: 'success', codes: {}, failure: null }
    case 'queued':
      return { ...state, status: 'queued', codes: {}, failure: null }
    case 'invalid':
      return {
        status: 'invalid',
        codes: event.codes,
        failure: null,
        attempt: state.attempt + 1,
      }
    case 'failed':
      return { status: 'failed', codes: {}, failure: event.failure, attempt: state.attempt + 1 }
    case 'edit': {
      // A changed answer forgets its own error; the others stay until the next submit.
      if (!event.fields.some((field) => state.codes[field] !== undefined)) return state
      const codes = Object.fromEntries(
        Object.entries(state.codes).filter(([field]) => !event.fields.includes(field as F)),
      ) as FieldCodes<F>
      return { ...state, codes }
    }
    case 'reset':
      return { ...INITIAL_SUBMIT_STATE, attempt: state.attempt }
  }
}
