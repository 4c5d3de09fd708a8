import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { settleWithin } from './settle-within'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Whether `promise` has settled once pending timers up to `ms` have run. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  await vi.advanceTimersByTimeAsync(ms)
  return settled
}

describe('settleWithin', () => {
  it.each([
    { case: 'work that resolves', work: () => Promise.resolve('done') },
    { case: 'work that rejects', work: () => Promise.reject(new Error('IndexedDB refused')) },
    { case: 'no work', work: () => undefined },
  ])('settles at once for $case, without rejecting', async ({ work }) => {
    expect(await settledAfter(settleWithin(work(), 3_000), 0)).toBe(true)
  })

  it('settles after the bound when the work stalls, not before', async () => {
    const stalled = new Promise<void>(() => undefined)
    const bounded = settleWithin(stalled, 3_000)
    expect(await settledAfter(bounded, 2_999)).toBe(false)
    expect(await settledAfter(bounded, 1)).toBe(true)
  })
})
