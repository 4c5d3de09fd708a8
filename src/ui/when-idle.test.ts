import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterLoad, whenIdle, type LoadTarget } from './when-idle'

describe('afterLoad', () => {
  it.each([
    ['complete', true],
    ['interactive', false],
    ['loading', false],
  ] as const)('with the page %s, resolves before its load event: %s', async (readyState, early) => {
    let fire: () => void = () => undefined
    const win = {
      document: { readyState },
      addEventListener: (_type: string, listener: () => void) => {
        fire = listener
      },
    } as unknown as LoadTarget
    let done = false
    void afterLoad(win).then(() => {
      done = true
    })
    await Promise.resolve()
    await Promise.resolve()
    expect(done).toBe(early)
    fire()
    await Promise.resolve()
    await Promise.resolve()
    expect(done).toBe(true)
  })
})

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('asks requestIdleCallback, with the timeout, when there is one', () => {
    const idle = vi.fn()
    vi.stubGlobal('requestIdleCallback', idle)
    const work = vi.fn()
    whenIdle(work, 3_000)
    expect(idle).toHaveBeenCalledWith(work, { timeout: 3_000 })
  })

  it('falls back to a timer of the given delay without it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    vi.stubGlobal('requestIdleCallback', undefined)
    const work = vi.fn()
    whenIdle(work, 2_000, 500)
    vi.advanceTimersByTime(499)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledOnce()
  })
})
