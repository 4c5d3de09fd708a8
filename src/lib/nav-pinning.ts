import * as v from 'valibot'

/** Seeds 000 §2.2: with fewer permitted apps than this, all are pinned. */
export const MIN_APPS_TO_UNPIN = 4
/** Seeds 000 §9: the navigation collapses under this width (px). */
export const NAV_MOBILE_BREAKPOINT = 992
/** Seeds 000 §9: the unpinned menu becomes a grid above this many apps. */
export const UNPINNED_GRID_THRESHOLD = 8

/** The user's saved arrangement: ids in display order. */
export type NavOrder = { pinned: string[]; unpinned: string[] }

const NavOrderSchema = v.object({
  pinned: v.array(v.string()),
  unpinned: v.array(v.string()),
})

/** The minimum a link needs for arranging. */
export type Arrangeable = { id: string; defaultPinned: boolean }

export type NavArrangement<T extends Arrangeable> = {
  pinned: T[]
  unpinned: T[]
  /** The unpinned menu lays out as a grid. */
  grid: boolean
  /** Whether the user can move links between the lists (not when a rule forces the layout). */
  editable: boolean
}

/**
 * Restores the saved order onto the permitted links: unknown ids are dropped, links new since the
 * save are appended to the list their default-pinned flag names. Without a save, the defaults apply.
 */
export function restoreNavOrder<T extends Arrangeable>(
  links: readonly T[],
  saved: NavOrder | null,
): { pinned: T[]; unpinned: T[] } {
  const byId = new Map(links.map((l) => [l.id, l]))
  const placed = new Set<string>()
  const take = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const link = byId.get(id)
      if (!link || placed.has(id)) return []
      placed.add(id)
      return [link]
    })
  const pinned = take(saved?.pinned ?? [])
  const unpinned = take(saved?.unpinned ?? [])
  for (const link of links) {
    if (placed.has(link.id)) continue
    ;(link.defaultPinned ? pinned : unpinned).push(link)
  }
  return { pinned, unpinned }
}

/** Seeds 000 §2.2: where each permitted link shows, given the saved order and the viewport width. */
export function arrangeNavLinks<T extends Arrangeable>(
  links: readonly T[],
  saved: NavOrder | null,
  viewportWidth: number,
): NavArrangement<T> {
  const { pinned, unpinned } = restoreNavOrder(links, saved)
  const all = [...pinned, ...unpinned]
  // On a phone the bar has no room for links at all, so the mobile rule wins over "fewer than 4".
  if (viewportWidth < NAV_MOBILE_BREAKPOINT) {
    return {
      pinned: [],
      unpinned: all,
      grid: all.length > UNPINNED_GRID_THRESHOLD,
      editable: false,
    }
  }
  if (links.length < MIN_APPS_TO_UNPIN) {
    return { pinned: all, unpinned: [], grid: false, editable: false }
  }
  return { pinned, unpinned, grid: unpinned.length > UNPINNED_GRID_THRESHOLD, editable: true }
}

/** Where a link goes: a list and an index within it (clamped). */
export type NavDrop = { list: 'pinned' | 'unpinned'; index: number }

/** Moves one link to a list and position; the result is the order to save. */
export function moveNavLink(order: NavOrder, id: string, to: NavDrop): NavOrder {
  const pinned = order.pinned.filter((x) => x !== id)
  const unpinned = order.unpinned.filter((x) => x !== id)
  const target = to.list === 'pinned' ? pinned : unpinned
  const index = Math.max(0, Math.min(to.index, target.length))
  target.splice(index, 0, id)
  return { pinned, unpinned }
}

/** A keyboard move of seeds' drag and drop: one step up or down, or to the other list's end. */
export type NavKeyMove = 'up' | 'down' | 'pin' | 'unpin'

/** Applies a keyboard move; returns the same order when the move is not possible. */
export function keyboardMoveNavLink(order: NavOrder, id: string, move: NavKeyMove): NavOrder {
  const list = order.pinned.includes(id)
    ? 'pinned'
    : order.unpinned.includes(id)
      ? 'unpinned'
      : null
  if (!list) return order
  const index = order[list].indexOf(id)
  switch (move) {
    case 'up':
      return index === 0 ? order : moveNavLink(order, id, { list, index: index - 1 })
    case 'down':
      return index === order[list].length - 1
        ? order
        : moveNavLink(order, id, { list, index: index + 1 })
    case 'pin':
      return list === 'pinned'
        ? order
        : moveNavLink(order, id, { list: 'pinned', index: order.pinned.length })
    case 'unpin':
      return list === 'unpinned' ? order : moveNavLink(order, id, { list: 'unpinned', index: 0 })
  }
}

/** The storage the order lives in (localStorage in the app, a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The key before orders were kept per view; it always held the enterprise (apollo) order. */
export const LEGACY_NAV_ORDER_KEY = 'wb.navOrder'

/** The seeds' name of each view's saved order; the enterprise view is "apollo". */
export function navOrderKey(viewType: string): string {
  const prefix = viewType === 'enterprise' ? 'apollo' : viewType
  return `wb.${prefix}.navOrder`
}

/** Moves an order saved under the old unprefixed key to the apollo-prefixed key, once. */
export function migrateNavOrder(storage: KeyValueStorage): void {
  const legacy = storage.getItem(LEGACY_NAV_ORDER_KEY)
  if (legacy === null) return
  const apolloKey = navOrderKey('enterprise')
  // A newer apollo order wins over the legacy one.
  if (storage.getItem(apolloKey) === null && parseNavOrder(legacy)) {
    storage.setItem(apolloKey, legacy)
  }
  storage.removeItem(LEGACY_NAV_ORDER_KEY)
}

function parseNavOrder(raw: string | null): NavOrder | null {
  if (raw === null) return null
  try {
    const result = v.safeParse(NavOrderSchema, JSON.parse(raw))
    return result.success ? result.output : null
  } catch {
    return null
  }
}

/** The order saved for a view type (after migrating a legacy one), or null. */
export function loadNavOrder(storage: KeyValueStorage, viewType: string): NavOrder | null {
  migrateNavOrder(storage)
  return parseNavOrder(storage.getItem(navOrderKey(viewType)))
}

/** Saves the order for a view type. */
export function saveNavOrder(storage: KeyValueStorage, viewType: string, order: NavOrder): void {
  storage.setItem(navOrderKey(viewType), JSON.stringify(order))
}
