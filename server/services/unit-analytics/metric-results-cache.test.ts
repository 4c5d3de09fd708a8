import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { bumpAllUnitData, bumpUnitData, unitDataVersion } from '../../lib/unit-data-version.ts'
import {
  createAnswerCache,
  createUnitFactsCache,
  type AnswerCacheOptions,
} from './metric-results-cache.ts'
import type { UnitFacts } from './repository.ts'

/** A clock the test moves by hand. */
function manualClock() {
  let time = 1_000
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms
    },
  }
}

const options = (overrides: Partial<AnswerCacheOptions> = {}): AnswerCacheOptions => ({
  maxEntries: 100,
  maxBytes: 1_000,
  maxEntryBytes: 500,
  ttlMs: 60_000,
  ...overrides,
})

const answer = (text: string) => () => Promise.resolve(Buffer.from(text))

describe('createAnswerCache', () => {
  it('computes a miss once and serves the same bytes as a hit', async () => {
    const cache = createAnswerCache(options())
    const compute = vi.fn(answer('{"data":1}'))
    const first = await cache.get('k', compute)
    const second = await cache.get('k', compute)
    expect(first.source).toBe('miss')
    expect(second.source).toBe('hit')
    expect(second.body.toString()).toBe('{"data":1}')
    expect(second.body.equals(first.body)).toBe(true)
    expect(compute).toHaveBeenCalledTimes(1)
  })

  it('computes concurrent misses of one key once, and other keys apart', async () => {
    const cache = createAnswerCache(options())
    const started: (() => void)[] = []
    const compute = vi.fn(
      () =>
        new Promise<Buffer>((resolve) => {
          started.push(() => {
            resolve(Buffer.from('shared'))
          })
        }),
    )
    const other = vi.fn(answer('other'))
    const waiting = [cache.get('k', compute), cache.get('k', compute), cache.get('j', other)]
    for (const finish of started) finish()
    const [a, b, c] = await Promise.all(waiting)
    expect(compute).toHaveBeenCalledTimes(1)
    expect(other).toHaveBeenCalledTimes(1)
    expect([a?.body.toString(), b?.body.toString(), c?.body.toString()]).toEqual([
      'shared',
      'shared',
      'other',
    ])
  })

  it('keeps no failure: the next call computes again', async () => {
    const cache = createAnswerCache(options())
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    )
    const next = await cache.get('k', answer('ok'))
    expect(next).toMatchObject({ source: 'miss' })
    expect(next.body.toString()).toBe('ok')
  })

  it.each([
    { elapsedMs: 59_999, source: 'hit' },
    { elapsedMs: 60_001, source: 'miss' },
  ])('after $elapsedMs ms of a 60 s TTL answers a $source', async ({ elapsedMs, source }) => {
    const clock = manualClock()
    const cache = createAnswerCache(options({ now: clock.now }))
    await cache.get('k', answer('old'))
    clock.advance(elapsedMs)
    const later = await cache.get('k', answer('new'))
    expect(later.source).toBe(source)
    expect(later.body.toString()).toBe(source === 'hit' ? 'old' : 'new')
  })

  it('stays within its bytes, dropping the least recently used answer first', async () => {
    const cache = createAnswerCache(options({ maxBytes: 1_000, maxEntryBytes: 500 }))
    const body = (fill: string) => () => Promise.resolve(Buffer.alloc(400, fill))
    await cache.get('a', body('a'))
    await cache.get('b', body('b'))
    // 'a' used again: 'b' is now the least recently used.
    expect((await cache.get('a', body('x'))).source).toBe('hit')
    await cache.get('c', body('c'))
    expect(cache.stats()).toEqual({ entries: 2, bytes: 800 })
    expect((await cache.get('a', body('x'))).source).toBe('hit')
    expect((await cache.get('b', body('b'))).source).toBe('miss')
  })

  it('answers but does not keep an answer larger than one entry may be', async () => {
    const cache = createAnswerCache(options({ maxEntryBytes: 500 }))
    const big = await cache.get('big', () => Promise.resolve(Buffer.alloc(600)))
    expect(big.body.byteLength).toBe(600)
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 })
  })

  it('stays within its entry count', async () => {
    const cache = createAnswerCache(options({ maxEntries: 3 }))
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.get(key, answer(key))
    expect(cache.stats().entries).toBe(3)
    expect((await cache.get('a', answer('again'))).source).toBe('miss')
  })

  describe('encoded answers', () => {
    const json = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ t: i, v: i % 17 })))
    const large = () => Promise.resolve(Buffer.from(json))

    it.each([
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const)(
      'sends %s, encoded once and then kept with the answer',
      async (encoding, decode) => {
        const cache = createAnswerCache(options({ maxBytes: 100_000, maxEntryBytes: 50_000 }))
        const first = await cache.get('k', large, encoding)
        const bytesWithOne = cache.stats().bytes
        const second = await cache.get('k', large, encoding)
        expect(first.encoding).toBe(encoding)
        expect(decode(first.body).toString()).toBe(json)
        // The same Buffer: the hit did no compression work.
        expect(second.body).toBe(first.body)
        expect(second.source).toBe('hit')
        expect(bytesWithOne).toBe(json.length + first.body.byteLength)
        const plain = await cache.get('k', large)
        expect([plain.encoding, plain.body.toString()]).toEqual([null, json])
      },
    )

    it('keeps both encodings of one answer apart', async () => {
      const cache = createAnswerCache(options({ maxBytes: 100_000, maxEntryBytes: 50_000 }))
      const br = await cache.get('k', large, 'br')
      const gzip = await cache.get('k', large, 'gzip')
      expect(brotliDecompressSync(br.body).toString()).toBe(json)
      expect(gunzipSync(gzip.body).toString()).toBe(json)
      expect(cache.stats().bytes).toBe(json.length + br.body.byteLength + gzip.body.byteLength)
      expect((await cache.get('k', large, 'br')).body).toBe(br.body)
    })

    it('sends a small answer as it is, whatever the client accepts', async () => {
      const cache = createAnswerCache(options())
      const small = await cache.get('k', answer('{"data":1}'), 'br')
      expect([small.encoding, small.body.toString()]).toEqual([null, '{"data":1}'])
    })

    it('keeps the expiry of the answer when it adds an encoding', async () => {
      const clock = manualClock()
      const cache = createAnswerCache(
        options({ maxBytes: 100_000, maxEntryBytes: 50_000, ttlMs: 1_000, now: clock.now }),
      )
      await cache.get('k', large)
      clock.advance(900)
      await cache.get('k', large, 'br')
      clock.advance(200)
      expect((await cache.get('k', large, 'br')).source).toBe('miss')
    })
  })
})

const facts = (timezone: string): UnitFacts => ({
  id: 7,
  panelId: null,
  ownedByCaller: true,
  timezone,
  environment: null,
  macDomain: null,
  isTtCompatible: true,
  lastSeen: null,
  offlineExternally: false,
  isUnreliable: false,
  downloadKbps: null,
  uploadKbps: null,
})

describe('createUnitFactsCache', () => {
  it('loads once per unit and caller within the TTL, and again after it', async () => {
    const clock = manualClock()
    const cache = createUnitFactsCache({ maxEntries: 10, ttlMs: 5_000, now: clock.now })
    const load = vi.fn(() => Promise.resolve(facts('Pacific/Auckland')))
    await cache.get(7, 3, 0, load)
    await cache.get(7, 3, 0, load)
    expect(load).toHaveBeenCalledTimes(1)
    // Another caller of the same unit has its own entry (ownedByCaller is per caller).
    await cache.get(7, 4, 0, load)
    expect(load).toHaveBeenCalledTimes(2)
    clock.advance(5_001)
    await cache.get(7, 3, 0, load)
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('reloads at a newer data version (a change of the unit seen by this process)', async () => {
    const cache = createUnitFactsCache({ maxEntries: 10, ttlMs: 60_000 })
    const before = await cache.get(7, 3, 1, () => Promise.resolve(facts('Pacific/Auckland')))
    const after = await cache.get(7, 3, 2, () => Promise.resolve(facts('Europe/London')))
    expect([before?.timezone, after?.timezone]).toEqual(['Pacific/Auckland', 'Europe/London'])
  })

  it('does not keep an unknown unit', async () => {
    const cache = createUnitFactsCache({ maxEntries: 10, ttlMs: 60_000 })
    const load = vi.fn(() => Promise.resolve(null))
    expect(await cache.get(9, 3, 0, load)).toBeNull()
    await cache.get(9, 3, 0, load)
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('unit data versions', () => {
  it('moves only the bumped unit forward', () => {
    const [one, two] = [unitDataVersion(1_001), unitDataVersion(1_002)]
    bumpUnitData(1_001)
    expect(unitDataVersion(1_001)).toBeGreaterThan(one)
    expect(unitDataVersion(1_002)).toBe(two)
  })

  it('moves every unit forward on a bulk change, and keeps growing after it', () => {
    bumpUnitData(1_003)
    const [three, four] = [unitDataVersion(1_003), unitDataVersion(1_004)]
    bumpAllUnitData()
    const afterAll = unitDataVersion(1_003)
    expect(afterAll).toBeGreaterThan(three)
    expect(unitDataVersion(1_004)).toBeGreaterThan(four)
    bumpUnitData(1_003)
    expect(unitDataVersion(1_003)).toBeGreaterThan(afterAll)
  })
})
