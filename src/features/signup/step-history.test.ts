import { describe, expect, it } from 'vitest'
import { stepMove } from './step-history'

describe('stepMove', () => {
  it.each([
    // Next from step 1: a new entry that remembers where it came from.
    {
      target: 2,
      replace: false,
      step: 1,
      from: undefined,
      move: { kind: 'navigate', replace: false, from: 1 },
    },
    // Next with no step in the URL yet: that is step 1.
    {
      target: 2,
      replace: false,
      step: undefined,
      from: undefined,
      move: { kind: 'navigate', replace: false, from: 1 },
    },
    // Back to the step this entry was pushed from: the browser's back.
    { target: 2, replace: false, step: 3, from: 2, move: { kind: 'back' } },
    // Back on an entry opened directly (a reload, a shared link): a new entry.
    {
      target: 2,
      replace: false,
      step: 3,
      from: undefined,
      move: { kind: 'navigate', replace: false, from: 3 },
    },
    // A jump back to the step holding an error, not the one before: a new entry.
    {
      target: 2,
      replace: false,
      step: 4,
      from: 3,
      move: { kind: 'navigate', replace: false, from: 4 },
    },
    // A corrected step replaces the entry and forgets the link.
    {
      target: 1,
      replace: true,
      step: 3,
      from: 2,
      move: { kind: 'navigate', replace: true, from: undefined },
    },
  ] as const)(
    'to $target from step $step (pushed from $from)',
    ({ target, replace, step, from, move }) => {
      expect(stepMove(target, { replace }, { step, from })).toEqual(move)
    },
  )
})
