/**
 * The caches behind POST metric_results: the serialised answers, and the unit facts its grant
 * check needs. Both are bounded LRUs with a time to live; both are keyed by the unit's data
 * version (server/lib/unit-data-version.ts), so a write made through this server is never hidden
 * by a cached entry, and the TTL bounds what the version cannot see (writes by another process,
 * a range ending "now" being asked again later).
 */
import { LRUCache } from 'lru-cache'
import { COMPRESS_MIN_BYTES, encodeBody, type ApiEncoding } from '../../plugins/compression.ts'
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

/** An answer's bytes as sent: `encoding` null means as is (identity). */
export type EncodedAnswer = { body: Buffer; encoding: ApiEncoding | null }

/** Serialised answers by key, each kept as is and in the encodings asked for so far. */
export type AnswerCache = {
  /**
   * The answer under `key` in `encoding` (null: as is). On a miss `compute` runs once for all
   * callers waiting on the key; an encoding is made the first time it is asked for, then kept.
   * Answers under COMPRESS_MIN_BYTES are always sent as they are.
   */
  get: (
    key: string,
    compute: () => Promise<Buffer>,
    encoding?: ApiEncoding | null,
  ) => Promise<EncodedAnswer & { source: AnswerSource }>
  /** Entries and bytes held (tests, diagnostics). */
  stats: () => { entries: number; bytes: number }
}

/** One answer: its JSON and the encodings of it made so far. */
type Entry = { identity: Buffer } & Partial<Record<ApiEncoding, Buffer>>

const entryBytes = (entry: Entry) =>
  entry.identity.byteLength + (entry.br?.byteLength ?? 0) + (entry.gzip?.byteLength ?? 0)

/**
 * A bounded LRU of serialised answers (Buffers: a hit costs no JSON, UTF-8 or compression work,
 * and the encoded bytes are what phones download: ~6 KB of brotli for a 57 KB month).
 */
export function createAnswerCache(options: AnswerCacheOptions = ANSWER_CACHE): AnswerCache {
  const now = options.now ?? monotonic
  const cache = new LRUCache<string, Entry>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    maxEntrySize: options.maxEntryBytes,
    sizeCalculation: (entry) => Math.max(1, entryBytes(entry)),
    ttl: options.ttlMs,
    // No timer per lookup: read the clock each time (it is cheap) and let tests inject it.
    ttlResolution: 0,
    perf: { now },
  })
  const pending = new Map<string, Promise<Entry>>()

  async function entryOf(key: string, compute: () => Promise<Buffer>) {
    const cached = cache.get(key)
    if (cached) return { entry: cached, source: 'hit' as const }
    let computing = pending.get(key)
    if (!computing) {
      computing = compute()
        .then((identity) => {
          const entry: Entry = { identity }
          cache.set(key, entry)
          return entry
        })
        .finally(() => {
          pending.delete(key)
        })
      pending.set(key, computing)
    }
    return { entry: await computing, source: 'miss' as const }
  }

  return {
    async get(key, compute, encoding = null) {
      const { entry, source } = await entryOf(key, compute)
      if (!encoding || entry.identity.byteLength < COMPRESS_MIN_BYTES) {
        return { body: entry.identity, encoding: null, source }
      }
      // Any entry under the key is the same answer; the latest may hold the encoding already.
      const current = cache.peek(key) ?? entry
      let encoded = current[encoding]
      if (!encoded) {
        encoded = encodeBody(current.identity, encoding)
        // A new object, so that the LRU counts the added bytes; the entry keeps its expiry.
        if (cache.peek(key) === current) {
          cache.set(key, { ...current, [encoding]: encoded }, { noUpdateTTL: true })
        }
      }
      return { body: encoded, encoding, source }
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
