import { describe, expect, it } from 'vitest'
import {
  CHUNK_FAILURES_KEY,
  CHUNK_RELOAD_KEY,
  chunkLoadDecision,
  RELOAD_WINDOW_MS,
  chunkSource,
  clearChunkFailures,
  isChunkLoadError,
} from './chunk-load'

function fakeSessionStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, value: string) => {
      data.set(k, value)
    },
  }
}

describe('chunkLoadDecision', () => {
  it.each([
    { case: 'first failure', stored: undefined, source: '/assets/a.js', decision: 'reload' },
    {
      case: 'second failure of the same source',
      stored: '["/assets/a.js"]',
      source: '/assets/a.js',
      decision: 'error-page',
    },
    {
      case: 'first failure of another source',
      stored: '["/assets/a.js"]',
      source: '/assets/b.js',
      decision: 'reload',
    },
    { case: 'broken stored value', stored: '{oops', source: '/assets/a.js', decision: 'reload' },
    { case: 'wrong stored shape', stored: '{"a":1}', source: '/assets/a.js', decision: 'reload' },
  ])('$case → $decision', ({ stored, source, decision }) => {
    const storage = fakeSessionStorage(stored === undefined ? {} : { [CHUNK_FAILURES_KEY]: stored })
    expect(chunkLoadDecision(source, storage)).toBe(decision)
  })

  // A reload asked by page load 1 at t = 1,000,000 ms.
  const RELOADED = JSON.stringify({ page: 1, at: 1_000_000 })
  it.each([
    { case: 'in the page load that asked for it', page: 1, after: 50, decision: 'reload' },
    { case: 'in the next page load', page: 2, after: 800, decision: 'error-page' },
    {
      case: 'in a page load past the window',
      page: 3,
      after: RELOAD_WINDOW_MS,
      decision: 'reload',
    },
  ])('another source failing after a reload, $case → $decision', ({ page, after, decision }) => {
    const storage = fakeSessionStorage({
      [CHUNK_FAILURES_KEY]: '["/assets/a.js"]',
      [CHUNK_RELOAD_KEY]: RELOADED,
    })
    expect(chunkLoadDecision('/assets/b.js', storage, { page, now: 1_000_000 + after })).toBe(
      decision,
    )
    // Recorded either way: its next failure goes to the error page.
    expect(chunkLoadDecision('/assets/b.js', storage, { page, now: 1_000_000 + after })).toBe(
      'error-page',
    )
  })

  it('remembers the source so the next failure goes to the error page', () => {
    const storage = fakeSessionStorage()
    expect(chunkLoadDecision('/assets/x.js', storage)).toBe('reload')
    expect(chunkLoadDecision('/assets/x.js', storage)).toBe('error-page')
  })

  it('goes to the error page when storage refuses writes (no reload loop)', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(chunkLoadDecision('/assets/x.js', storage)).toBe('error-page')
  })
})

describe('isChunkLoadError', () => {
  it.each([
    {
      error: new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/a-1.js',
      ),
      expected: true,
    },
    {
      error: new TypeError('error loading dynamically imported module: /assets/a.js'),
      expected: true,
    },
    { error: new TypeError('Importing a module script failed.'), expected: true },
    { error: new Error('Unable to preload CSS for /assets/a-1.css'), expected: true },
    { error: new Error('Loading chunk 42 failed.'), expected: true },
    { error: new Error('Cannot read properties of undefined'), expected: false },
    { error: 'Failed to fetch dynamically imported module', expected: false },
    { error: null, expected: false },
  ])('$error → $expected', ({ error, expected }) => {
    expect(isChunkLoadError(error)).toBe(expected)
  })
})

describe('chunkSource', () => {
  it.each([
    {
      error: new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/a-1.js',
      ),
      source: 'http://localhost/assets/a-1.js',
    },
    { error: new Error('Unable to preload CSS for /assets/a-1.css'), source: '/assets/a-1.css' },
    {
      error: new Error('Importing a module script failed.'),
      source: 'Importing a module script failed.',
    },
  ])('$source', ({ error, source }) => {
    expect(chunkSource(error)).toBe(source)
  })
})

describe('clearChunkFailures', () => {
  it('lets a source reload again after the user retries', () => {
    const storage = {
      ...fakeSessionStorage(),
      removeItem: (k: string) => void storage.data.delete(k),
    }
    chunkLoadDecision('/assets/x.js', storage)
    clearChunkFailures(storage)
    expect(chunkLoadDecision('/assets/x.js', storage)).toBe('reload')
  })
})
