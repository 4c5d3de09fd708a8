import { useCallback, useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { defaultMapThresholds, type MapThresholds } from '../../lib/map-thresholds'

/** A user's own map thresholds, per metric, kept on the device (seeds 001 §9: restorable). */
const KEY = 'wb.map-thresholds'

const StoredSchema = v.record(
  v.string(),
  v.object({
    better: v.picklist(['higher', 'lower']),
    good: v.pipe(v.number(), v.finite()),
    fair: v.pipe(v.number(), v.finite()),
  }),
)

const listeners = new Set<() => void>()
let cached: { raw: string | null; value: Record<string, MapThresholds> } | null = null

function readAll(): Record<string, MapThresholds> {
  let raw: string | null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    raw = null
  }
  if (cached?.raw === raw) return cached.value
  let value: Record<string, MapThresholds> = {}
  try {
    const parsed = v.safeParse(StoredSchema, raw === null ? {} : JSON.parse(raw))
    if (parsed.success) value = parsed.output
  } catch {
    value = {}
  }
  cached = { raw, value }
  return value
}

function writeAll(next: Record<string, MapThresholds>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // Storage full or blocked: the thresholds last for this page only.
    cached = { raw: JSON.stringify(next), value: next }
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The thresholds a map of `metric` colours by (the user's, else the defaults; null when the
 * metric is not judged), with `save` and `restore` (back to the defaults).
 */
export function useMapThresholds(metric: string): {
  thresholds: MapThresholds | null
  customised: boolean
  save: (thresholds: MapThresholds) => void
  restore: () => void
} {
  const own = useSyncExternalStore(subscribe, () => readAll()[metric] ?? null)
  const save = useCallback(
    (thresholds: MapThresholds) => {
      writeAll({ ...readAll(), [metric]: thresholds })
    },
    [metric],
  )
  const restore = useCallback(() => {
    const rest = { ...readAll() }
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a record keyed by metric
    delete rest[metric]
    writeAll(rest)
  }, [metric])
  return {
    thresholds: own ?? defaultMapThresholds(metric),
    customised: own !== null,
    save,
    restore,
  }
}
