import { describe, expect, it } from 'vitest'
import {
  INITIAL_SUBMIT_STATE,
  submitReducer,
  type SubmitEvent,
  type SubmitState,
} from './submit-machine'

type F = 'email' | 'name'
const idle: SubmitState<F> = INITIAL_SUBMIT_STATE
const invalid: SubmitState<F> = {
  status: 'invalid',
  codes: { email: 'INVALID', name: 'MISSING' },
  failure: null,
  attempt: 1,
}
const submitting: SubmitState<F> = { ...invalid, status: 'submitting' }
const failed: SubmitState<F> = {
  status: 'failed',
  codes: {},
  failure: { kind: 'offline' },
  attempt: 2,
}

describe('submitReducer (idle → submitting → success | queued | invalid | failed)', () => {
  it.each<{ case: string; from: SubmitState<F>; event: SubmitEvent<F>; to: SubmitState<F> }>([
    {
      case: 'submit starts sending, codes stay until the answer',
      from: invalid,
      event: { type: 'submit' },
      to: submitting,
    },
    {
      case: 'a second submit while sending is ignored',
      from: submitting,
      event: { type: 'submit' },
      to: submitting,
    },
    {
      case: 'sent clears codes and failure',
      from: submitting,
      event: { type: 'sent' },
      to: { status: 'success', codes: {}, failure: null, attempt: 1 },
    },
    {
      case: 'queued offline clears codes',
      from: { ...failed, status: 'submitting' },
      event: { type: 'queued' },
      to: { status: 'queued', codes: {}, failure: null, attempt: 2 },
    },
    {
      case: 'field errors count a refusal',
      from: idle,
      event: { type: 'invalid', codes: { email: 'EXISTS' } },
      to: { status: 'invalid', codes: { email: 'EXISTS' }, failure: null, attempt: 1 },
    },
    {
      case: 'a failure counts a refusal and clears codes',
      from: invalid,
      event: { type: 'failed', failure: { kind: 'other', code: 'FORBIDDEN' } },
      to: {
        status: 'failed',
        codes: {},
        failure: { kind: 'other', code: 'FORBIDDEN' },
        attempt: 2,
      },
    },
    {
      case: 'an edit forgets that field’s error only',
      from: invalid,
      event: { type: 'edit', fields: ['email'] },
      to: { ...invalid, codes: { name: 'MISSING' } },
    },
    {
      case: 'an edit of a field without error changes nothing',
      from: failed,
      event: { type: 'edit', fields: ['name'] },
      to: failed,
    },
    {
      case: 'reset keeps the refusal count',
      from: failed,
      event: { type: 'reset' },
      to: { ...INITIAL_SUBMIT_STATE, attempt: 2 },
    },
  ])('$case', ({ from, event, to }) => {
    expect(submitReducer(from, event)).toEqual(to)
  })

  it('an edit returns the same state object when nothing changes (no re-render)', () => {
    expect(submitReducer(failed, { type: 'edit', fields: ['email'] })).toBe(failed)
  })
})
