import { useState } from 'react'
import type { Session } from '../../session'
import { permittedNavLinks, type NavLinkItem } from '../../lib/nav-links'
import {
  arrangeNavLinks,
  loadNavOrder,
  saveNavOrder,
  type NavArrangement,
  type NavOrder,
} from '../../lib/nav-pinning'
import { navFactsFromSession, navViewType } from './nav-facts'
import { useViewportWidth } from './useViewportWidth'

export type NavArrangementState = NavArrangement<NavLinkItem> & {
  /** The current order as ids (what a move starts from). */
  order: NavOrder
  /** Applies and saves a new order for this view type. */
  setOrder: (next: NavOrder) => void
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function load(viewType: string): NavOrder | null {
  const store = storage()
  return store ? loadNavOrder(store, viewType) : null
}

/** The permitted app links, split into pinned and unpinned per the saved order and the width. */
export function useNavArrangement(session: Session | null): NavArrangementState {
  const viewType = navViewType(session)
  const width = useViewportWidth()
  const [saved, setSaved] = useState(() => ({ viewType, order: load(viewType) }))
  let current = saved
  if (saved.viewType !== viewType) {
    // The view changed (account switcher): its own saved order applies.
    current = { viewType, order: load(viewType) }
    setSaved(current)
  }
  const arrangement = arrangeNavLinks(
    permittedNavLinks(navFactsFromSession(session)),
    current.order,
    width,
  )
  const order: NavOrder = {
    pinned: arrangement.pinned.map((l) => l.id),
    unpinned: arrangement.unpinned.map((l) => l.id),
  }
  const setOrder = (next: NavOrder) => {
    const store = storage()
    if (store) {
      try {
        saveNavOrder(store, viewType, next)
      } catch {
        // Storage full or blocked: the order still applies until the page is left.
      }
    }
    setSaved({ viewType, order: next })
  }
  return { ...arrangement, order, setOrder }
}
