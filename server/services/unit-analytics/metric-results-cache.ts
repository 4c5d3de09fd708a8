/**
 * The caches behind POST metric_results: the serialised answers, and the unit facts its grant
 * check needs. Both are bounded LRUs with a time to live; both are keyed by the unit's data
 * version (server/lib/unit-data-version.ts), so a write made through this server is never hidden
 * by a cached entry, and the TTL bounds what the version cannot see (writes by another process,
 * a range ending "now" being asked again later).
 */
import { LRUCache } from 'lru-cache'
import type { UnitFacts } from './repository.ts'

/** Milliseconds on a monotonic clock; injectable so that tests can move time. */
export type Clock = () => number

const monotonic: Clock = () => performance.now()

export type AnswerCacheOptions = {
  /** Entries at most. */
  maxEntries: number
  /** Bytes of all answers together at most; a larger single answer is not kept. */
  maxBytes: number
  maxEntryBytes: number
  ttlMs: number
  now?: Clock
}

/**
 * A month of hourly points is ~57 KB: 32 MiB holds several hundred dashboards' charts. A minute is
 * long enough for a dashboard's refetches and reloads, short enough for writes this process cannot
 * see (the version covers those it can).
 */
export const ANSWER_CACHE: AnswerCacheOptions = {
  maxEntries: 5000,
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 4 * 1024 * 1024,
  ttlMs: 60_000,
}

/** How an answer was obtained: from the cache, or computed (possibly shared with a concurrent miss). */
export type AnswerSource = 'hit' | 'miss'

/** Serialised answers by key, with concurrent misses of one key computed once. */
export type AnswerCache = {
  /** The answer under `key`; on a miss `compute` runs (once for all callers waiting on the key). */
  get: (
    key: string,
    compute: () => Promise<Buffer>,
  ) => Promise<{ body: Buffer; source: AnswerSource }>
  /** Entries and bytes held (tests, diagnostics). */
  stats: () => { entries: number; bytes: number }
}

/** A bounded LRU of serialised answers (Buffers: a hit costs no JSON or UTF-8 work). */
export function createAnswerCache(options: AnswerCacheOptions = ANSWER_CACHE): AnswerCache {
  const now = options.now ?? monotonic
  const cache = new LRUCache<string, Buffer>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    maxEntrySize: options.maxEntryBytes,
    sizeCalculation: (body) => Math.max(1, body.byteLength),
    ttl: options.ttlMs,
    // No timer per lookup: read the clock each time (it is cheap) and let tests inject it.
    ttlResolution: 0,
    perf: { now },
  })
  const pending = new Map<string, Promise<Buffer>>()
  return {
    async get(key, compute) {
      const cached = cache.get(key)
      if (cached) return { body: cached, source: 'hit' }
      let computing = pending.get(key)
      if (!computing) {
        computing = compute()
          .then((body) => {
            cache.set(key, body)
            return body
          })
          .finally(() => {
            pending.delete(key)
          })
        pending.set(key, computing)
      }
      return { body: await computing, source: 'miss' }
    },
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  }
}

export type UnitFactsCacheOptions = { maxEntries: number; ttlMs: number; now?: Clock }

/**
 * A few seconds: the grant check of every request reads these, and a change the version does not
 * see (a unit's users changed by another process) is honoured that soon.
 */
export const UNIT_FACTS_CACHE: UnitFactsCacheOptions = { maxEntries: 10_000, ttlMs: 5_000 }

/** Unit facts per (unit, caller) at a data version; a lookup at a newer version reloads. */
export type UnitFactsCache = {
  /** The facts, from the cache when loaded at `version` within the TTL, else from `load`. */
  get: (
    unitId: number,
    userId: number,
    version: number,
    load: () => Promise<UnitFacts | null>,
  ) => Promise<UnitFacts | null>
}

/** A bounded LRU of findUnitFacts answers; unknown units are not kept (they are rare: 403/404). */
export function createUnitFactsCache(
  options: UnitFactsCacheOptions = UNIT_FACTS_CACHE,
): UnitFactsCache {
  const now = options.now ?? monotonic
  const cache = new LRUCache<string, { version: number; facts: UnitFacts }>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now },
  })
  return {
    async get(unitId, userId, version, load) {
      const key = `${unitId}:${userId}`
      const cached = cache.get(key)
      if (cached?.version === version) return cached.facts
      const facts = await load()
      if (facts) cache.set(key, { version, facts })
      else cache.delete(key)
      return facts
    },
  }
}
