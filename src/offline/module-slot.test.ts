import { describe, expect, it, vi } from 'vitest'
import { moduleSlot } from './module-slot'

describe('moduleSlot', () => {
  it('loads once, however many ask, and tells its listeners when it arrives', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }))
    const slot = moduleSlot(importer)
    const listener = vi.fn()
    slot.subscribe(listener)
    expect(slot.current()).toBeNull()
    const [first, second] = await Promise.all([slot.load(), slot.load()])
    expect(first).toBe(second)
    expect(await slot.load()).toBe(first)
    expect(importer).toHaveBeenCalledTimes(1)
    expect(slot.current()).toEqual({ answer: 42 })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('may be loaded again after a failure (a chunk missing offline, found later)', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('loaded')
    const slot = moduleSlot(importer)
    await expect(slot.load()).rejects.toThrow('Failed to fetch')
    expect(slot.current()).toBeNull()
    await expect(slot.load()).resolves.toBe('loaded')
    expect(slot.current()).toBe('loaded')
    expect(importer).toHaveBeenCalledTimes(2)
  })

  it('stops telling a listener that unsubscribed', async () => {
    const slot = moduleSlot(() => Promise.resolve(1))
    const listener = vi.fn()
    const unsubscribe = slot.subscribe(listener)
    unsubscribe()
    await slot.load()
    expect(listener).not.toHaveBeenCalled()
  })
})
