import {
  Children,
  useEffect,
  useRef,
  type AnchorHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react'
import { createLink, useLocation } from '@tanstack/react-router'
import styles from './TabNav.module.css'

/**
 * Which tab an arrow key moves to in a row of `count` (Home and End to the ends). In a right-to-left
 * page the row runs from the right, so ArrowLeft goes on and ArrowRight back. Null for any other key.
 */
export function tabKeyTarget(
  key: string,
  index: number,
  count: number,
  rtl: boolean,
): number | null {
  if (count === 0) return null
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
  const back = rtl ? 'ArrowRight' : 'ArrowLeft'
  switch (key) {
    case forward:
      return (index + 1) % count
    case back:
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/**
 * Scrolls the row sideways (never the page) until `tab` is in it: to its middle, or just enough.
 * Measured on screen, so it holds in either direction of text.
 */
function bringIntoRow(row: HTMLElement, tab: HTMLElement, where: 'centre' | 'nearest'): void {
  const box = row.getBoundingClientRect()
  const place = tab.getBoundingClientRect()
  if (place.left >= box.left && place.right <= box.right) return
  const delta =
    where === 'centre'
      ? place.left - box.left - (box.width - place.width) / 2
      : place.left < box.left
        ? place.left - box.left
        : place.right - box.right
  row.scrollLeft += delta
}

export type TabNavProps = {
  /** What the row leads through, for screen readers ("Dashboard", "Unit pages"). */
  label: string
  /** `tabs`: underlined, the page's own sections; `pills`: the parts of one item under its header. */
  variant?: 'tabs' | 'pills'
  /** Tabs share the width when they fit (a phone's two or three tabs). */
  fill?: boolean
  /**
   * The row runs to the screen's edges (out of the page's inline padding), its tabs still lined
   * up with the page: a long row then scrolls under the edge, and its ends stay clear of it.
   */
  bleed?: boolean
  /** The `TabLink`s, one per tab. */
  children: ReactNode
}

/**
 * One row of links between the pages of a place (the dashboard's tabs, a unit's pages, the admin
 * sections). It never wraps: on a phone it scrolls sideways, with a shadow at an edge that hides
 * more, and brings the open tab into view when the page changes (not at the first paint when the
 * first tab is open: that would measure the page for nothing while it is still being built). Arrow
 * keys, Home and End move along it; the open tab carries aria-current="page" (from the router).
 */
export function TabNav({
  label,
  variant = 'tabs',
  fill = false,
  bleed = false,
  children,
}: TabNavProps) {
  const listRef = useRef<HTMLUListElement>(null)
  const pathname = useLocation({ select: (location) => location.pathname })
  const moved = useRef(false)

  useEffect(() => {
    const list = listRef.current
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]')
    const first = !moved.current
    moved.current = true
    if (!list || !active) return
    if (first && list.firstElementChild?.contains(active)) return
    bringIntoRow(list, active, 'centre')
  }, [pathname])

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')]
    const index = links.findIndex((link) => link === document.activeElement)
    if (index < 0) return
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const next = tabKeyTarget(event.key, index, links.length, rtl)
    const link = next === null ? undefined : links[next]
    if (!link) return
    event.preventDefault()
    link.focus({ preventScroll: true })
    bringIntoRow(event.currentTarget, link, 'nearest')
  }

  const rowClass = [styles.row, styles[variant], fill ? styles.fill : ''].join(' ')
  return (
    <nav aria-label={label} className={bleed ? `${styles.nav} ${styles.bleed}` : styles.nav}>
      <ul ref={listRef} className={rowClass} onKeyDown={handleKeyDown}>
        {Children.map(children, (tab) => (tab ? <li>{tab}</li> : null))}
      </ul>
    </nav>
  )
}

type TabAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }

function TabAnchor({ className, ...rest }: TabAnchorProps) {
  return <a {...rest} className={className ? `${styles.tab} ${className}` : styles.tab} />
}

/** A tab of a `TabNav`: a router link, typed as `Link` is. */
export const TabLink = createLink(TabAnchor)
