import { useSyncExternalStore } from 'react'
import * as v from 'valibot'

/** Seeds 000 §2.6: units flagged instant-testable on this device (the RealSpeed tab). */
export const INSTANT_TESTABLE_KEY = 'wb.instantTestableUnits'

const FlagSchema = v.array(v.pipe(v.number(), v.integer()))
const listeners = new Set<() => void>()

function readIds(): number[] {
  try {
    const raw = localStorage.getItem(INSTANT_TESTABLE_KEY)
    if (raw === null) return []
    const parsed = v.safeParse(FlagSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

/** Whether the unit was flagged instant-testable on this device. */
export function isInstantTestable(unitId: number): boolean {
  return readIds().includes(unitId)
}

/** Flags (or unflags) a unit as it loads with its is_tt_compatible value. */
export function writeInstantTestable(unitId: number, compatible: boolean): void {
  const ids = readIds()
  if (ids.includes(unitId) === compatible) return
  const next = compatible ? [...ids, unitId] : ids.filter((id) => id !== unitId)
  try {
    localStorage.setItem(INSTANT_TESTABLE_KEY, JSON.stringify(next))
  } catch {
    // Storage blocked: the tab simply stays hidden.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === INSTANT_TESTABLE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The flag as React state, updated when it is written here or in another tab. */
export function useInstantTestable(unitId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isInstantTestable(unitId),
    () => false,
  )
}
