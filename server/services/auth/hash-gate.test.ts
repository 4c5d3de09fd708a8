import { describe, expect, it } from 'vitest'
import { createHashGate } from './hash-gate.ts'

/** A hash that finishes when the test says so. */
function pending() {
  let finish: (value: string) => void = () => undefined
  const promise = new Promise<string>((resolve) => {
    finish = resolve
  })
  return { promise, finish }
}

describe('createHashGate', () => {
  it('runs at most `concurrency` hashes, queues `queue` more, refuses the rest at once', async () => {
    const gate = createHashGate({ concurrency: 2, queue: 1 })
    const works = [pending(), pending(), pending()]
    const started: number[] = []
    const runs = works.map((work, i) =>
      gate.run(() => {
        started.push(i)
        return work.promise
      }),
    )
    expect(started).toEqual([0, 1])
    expect(gate.load()).toEqual({ running: 2, waiting: 1 })

    await expect(gate.run(() => Promise.resolve('never'))).rejects.toMatchObject({
      statusCode: 503,
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '1' },
    })

    works[0]?.finish('a')
    expect(await runs[0]).toBe('a')
    // The freed slot went to the one waiting.
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    expect(gate.load()).toEqual({ running: 2, waiting: 0 })
    works[1]?.finish('b')
    works[2]?.finish('c')
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c'])
    expect(gate.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('frees the slot of a hash that failed', async () => {
    const gate = createHashGate({ concurrency: 1, queue: 0 })
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(() => Promise.resolve('ok'))).toBe('ok')
    expect(gate.load()).toEqual({ running: 0, waiting: 0 })
  })
})
