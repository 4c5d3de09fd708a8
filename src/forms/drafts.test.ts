import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDrafts, DRAFT_WRITE_DELAY_MS, type DraftStorage } from './drafts'

/** A storage in memory, as a form's IndexedDB store would behave. */
function memoryStorage(): DraftStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    read: (key) => Promise.resolve(data.get(key)),
    write: (key, value) => {
      data.set(key, value)
      return Promise.resolve()
    },
    remove: (key) => {
      data.delete(key)
      return Promise.resolve()
    },
  }
}

const asIs = (values: Record<string, unknown>) => values

describe('form drafts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes once after a burst of typing and never a password', async () => {
    const storage = memoryStorage()
    const drafts = createDrafts(storage)
    drafts.saveSoon('k', 'contact', { subject: 'H', current_password: 'x' })
    drafts.saveSoon('k', 'contact', { subject: 'Hi', password: 'y' })
    expect(storage.data.size).toBe(0)
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS)
    expect(await drafts.load('k', 'contact', asIs)).toEqual({ subject: 'Hi' })
  })

  it('keeps one draft per key and ignores another form’s', async () => {
    const drafts = createDrafts(memoryStorage())
    drafts.saveSoon('a', 'standard', { first_name: 'Aroha' })
    drafts.saveSoon('b', 'saudi', { first_name: 'Noura' })
    await drafts.flush()
    expect(await drafts.load('a', 'standard', asIs)).toEqual({ first_name: 'Aroha' })
    expect(await drafts.load('a', 'saudi', asIs)).toBeNull()
    expect(await drafts.loadStored('b')).toEqual({
      form: 'saudi',
      values: { first_name: 'Noura' },
    })
  })

  it('drops an unreadable draft', async () => {
    const storage = memoryStorage()
    storage.data.set('k', { version: 99, values: {} })
    expect(await createDrafts(storage).loadStored('k')).toBeNull()
  })

  it('clearing drops the draft and a write still waiting', async () => {
    const drafts = createDrafts(memoryStorage())
    drafts.saveSoon('k', 'contact', { subject: 'Hi' })
    await drafts.flush()
    drafts.saveSoon('k', 'contact', { subject: 'Hi again' })
    await drafts.clear('k')
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS * 2)
    expect(await drafts.load('k', 'contact', asIs)).toBeNull()
  })
})
