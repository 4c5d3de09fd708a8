import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDraft, DRAFT_WRITE_DELAY_MS, flushDrafts, loadDraft, saveDraftSoon } from './draft'
import { readStored, STORES } from './signup-store'

const asIs = (values: Record<string, unknown>) => values

describe('sign-up draft', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(async () => {
    vi.useRealTimers()
    await clearDraft('nz')
    await clearDraft('sa')
  })

  it('writes after a pause in typing, one write for a burst, never the password', async () => {
    saveDraftSoon('nz', 'standard', { first_name: 'A', password: 'secret-1' })
    saveDraftSoon('nz', 'standard', { first_name: 'Ar', password: 'secret-12' })
    expect(await readStored(STORES.drafts, 'nz')).toBeUndefined()
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS)
    vi.useRealTimers()
    await vi.waitFor(async () => {
      expect(await loadDraft('nz', 'standard', asIs)).toEqual({ first_name: 'Ar' })
    })
  })

  it('flushes waiting writes at once', async () => {
    saveDraftSoon('sa', 'saudi', { email: 'noura@example.com' })
    await flushDrafts()
    expect(await loadDraft('sa', 'saudi', asIs)).toEqual({ email: 'noura@example.com' })
  })

  it('keeps one draft per study and ignores a draft of the other form', async () => {
    saveDraftSoon('nz', 'standard', { first_name: 'Aroha' })
    saveDraftSoon('sa', 'saudi', { first_name: 'Noura' })
    await flushDrafts()
    expect(await loadDraft('nz', 'standard', asIs)).toEqual({ first_name: 'Aroha' })
    expect(await loadDraft('nz', 'saudi', asIs)).toBeNull()
  })

  it('clearing drops the draft and a write still waiting', async () => {
    saveDraftSoon('nz', 'standard', { first_name: 'Aroha' })
    await flushDrafts()
    saveDraftSoon('nz', 'standard', { first_name: 'Aroha W' })
    await clearDraft('nz')
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS * 2)
    expect(await loadDraft('nz', 'standard', asIs)).toBeNull()
  })
})
