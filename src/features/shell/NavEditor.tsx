import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { NavLinkItem } from '../../lib/nav-links'
import {
  keyboardMoveNavLink,
  moveNavLink,
  type NavDrop,
  type NavKeyMove,
  type NavOrder,
} from '../../lib/nav-pinning'
import { cx } from './class-names'
import { ShellIcon } from './ShellIcon'
import styles from './NavEditor.module.css'

type ListName = NavDrop['list']
type Control = 'handle' | 'up' | 'down' | 'toggle'

export type NavEditorProps = {
  pinned: NavLinkItem[]
  unpinned: NavLinkItem[]
  order: NavOrder
  onChange: (next: NavOrder) => void
}

/**
 * Arranges the app links: drag between the pinned and unpinned lists, or from the keyboard with
 * each link's handle (arrow keys) and buttons. The two lists read as one sequence, so moving up
 * from the top of the menu pins and moving down from the end of the bar unpins. Every move is
 * announced.
 */
export function NavEditor({ pinned, unpinned, order, onChange }: NavEditorProps) {
  const { t, i18n } = useLingui()
  const instructionsId = useId()
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<string | null>(null)
  const [dropTarget, setDropTarget] = useState<NavDrop | null>(null)
  const controls = useRef(new Map<string, HTMLElement>())
  const pendingFocus = useRef<string | null>(null)

  // A link that changed lists is a new element: put focus back on the control that moved it.
  useEffect(() => {
    const key = pendingFocus.current
    if (key === null) return
    pendingFocus.current = null
    controls.current.get(key)?.focus()
  })

  const register = (id: string, control: Control) => (el: HTMLElement | null) => {
    const key = `${id}:${control}`
    if (el) controls.current.set(key, el)
    else controls.current.delete(key)
  }

  const links = [...pinned, ...unpinned]
  const nameOf = (id: string) => {
    const link = links.find((l) => l.id === id)
    return link ? i18n._(link.name) : id
  }

  const announce = (id: string, next: NavOrder) => {
    const name = nameOf(id)
    const inPinned = next.pinned.includes(id)
    const list = inPinned ? next.pinned : next.unpinned
    const position = list.indexOf(id) + 1
    const total = list.length
    setAnnouncement(
      inPinned
        ? t`${name} is pinned to the bar, position ${position} of ${total}.`
        : t`${name} is in the Apps menu, position ${position} of ${total}.`,
    )
  }

  const apply = (id: string, next: NavOrder, control: Control | null) => {
    if (next === order) {
      const name = nameOf(id)
      setAnnouncement(t`${name} cannot move further.`)
      return
    }
    onChange(next)
    announce(id, next)
    if (control) pendingFocus.current = `${id}:${control}`
  }

  const stepMove = (id: string, direction: 'up' | 'down'): NavKeyMove => {
    if (direction === 'up') return order.unpinned[0] === id ? 'pin' : 'up'
    return order.pinned[order.pinned.length - 1] === id ? 'unpin' : 'down'
  }

  const handleStep = (id: string, direction: 'up' | 'down', control: Control) => {
    apply(id, keyboardMoveNavLink(order, id, stepMove(id, direction)), control)
  }

  const handleToggle = (id: string) => {
    const move: NavKeyMove = order.pinned.includes(id) ? 'unpin' : 'pin'
    apply(id, keyboardMoveNavLink(order, id, move), 'toggle')
  }

  const handleHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault()
      handleStep(id, event.key === 'ArrowUp' ? 'up' : 'down', 'handle')
    }
  }

  const handleDragStart = (event: DragEvent<HTMLLIElement>, id: string) => {
    event.dataTransfer.effectAllowed = 'move'
    event.dataTransfer.setData('text/plain', id)
    setDragging(id)
  }

  const handleItemDragOver = (event: DragEvent<HTMLLIElement>, list: ListName, index: number) => {
    event.preventDefault()
    event.stopPropagation()
    event.dataTransfer.dropEffect = 'move'
    const rect = event.currentTarget.getBoundingClientRect()
    const after = event.clientY > rect.top + rect.height / 2
    const target = { list, index: after ? index + 1 : index }
    if (dropTarget?.list !== target.list || dropTarget.index !== target.index) setDropTarget(target)
  }

  const handleListDragOver = (event: DragEvent<HTMLUListElement>, list: ListName) => {
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
    const index = order[list].length
    if (dropTarget?.list !== list || dropTarget.index !== index) setDropTarget({ list, index })
  }

  const handleDrop = (event: DragEvent<HTMLUListElement>) => {
    event.preventDefault()
    const id = dragging ?? event.dataTransfer.getData('text/plain')
    const target = dropTarget
    setDragging(null)
    setDropTarget(null)
    if (!id || !target || !links.some((l) => l.id === id)) return
    // Removing the dragged link first shifts later positions of its own list by one.
    const from = order[target.list].indexOf(id)
    const index = from >= 0 && from < target.index ? target.index - 1 : target.index
    const next = moveNavLink(order, id, { list: target.list, index })
    const unchanged =
      next.pinned.join() === order.pinned.join() && next.unpinned.join() === order.unpinned.join()
    if (unchanged) return
    onChange(next)
    announce(id, next)
  }

  const handleDragEnd = () => {
    setDragging(null)
    setDropTarget(null)
  }

  const first = links[0]?.id
  const last = links[links.length - 1]?.id

  const renderList = (list: ListName, items: NavLinkItem[], labelId: string) => (
    <ul
      className={cx(
        styles.list,
        dropTarget?.list === list && dropTarget.index === items.length && styles.dropAtEnd,
      )}
      aria-labelledby={labelId}
      data-list={list}
      onDragOver={(e) => {
        handleListDragOver(e, list)
      }}
      onDrop={handleDrop}
    >
      {items.map((link, index) => {
        const name = i18n._(link.name)
        const isFirst = link.id === first
        const isLast = link.id === last
        return (
          <li
            key={link.id}
            draggable
            className={cx(
              styles.item,
              dragging === link.id && styles.dragging,
              dropTarget?.list === list && dropTarget.index === index && styles.dropBefore,
            )}
            onDragStart={(e) => {
              handleDragStart(e, link.id)
            }}
            onDragOver={(e) => {
              handleItemDragOver(e, list, index)
            }}
            onDragEnd={handleDragEnd}
          >
            <button
              ref={register(link.id, 'handle')}
              type="button"
              className={styles.handle}
              aria-label={t`Reorder ${name}`}
              aria-describedby={instructionsId}
              onKeyDown={(e) => {
                handleHandleKeyDown(e, link.id)
              }}
            >
              <ShellIcon name="grip" />
            </button>
            <ShellIcon name={link.icon} />
            <span className={styles.name}>{name}</span>
            <span className={styles.actions}>
              <button
                ref={register(link.id, 'up')}
                type="button"
                className={styles.action}
                aria-label={t`Move ${name} up`}
                aria-disabled={isFirst}
                onClick={() => {
                  if (!isFirst) handleStep(link.id, 'up', 'up')
                }}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                ref={register(link.id, 'down')}
                type="button"
                className={styles.action}
                aria-label={t`Move ${name} down`}
                aria-disabled={isLast}
                onClick={() => {
                  if (!isLast) handleStep(link.id, 'down', 'down')
                }}
              >
                <span aria-hidden="true">↓</span>
              </button>
              <button
                ref={register(link.id, 'toggle')}
                type="button"
                className={styles.action}
                aria-label={list === 'pinned' ? t`Unpin ${name}` : t`Pin ${name}`}
                onClick={() => {
                  handleToggle(link.id)
                }}
              >
                {list === 'pinned' ? t`Unpin` : t`Pin`}
              </button>
            </span>
          </li>
        )
      })}
    </ul>
  )

  const pinnedLabelId = `${instructionsId}-pinned`
  const unpinnedLabelId = `${instructionsId}-unpinned`

  return (
    <section className={styles.editor} aria-label={t`Arrange apps`}>
      <p id={instructionsId} className={styles.instructions}>
        {t`Drag apps to reorder them or to move them between the bar and the Apps menu. With the keyboard, focus an app's handle and use the up and down arrow keys.`}
      </p>
      <h3 id={pinnedLabelId} className={styles.heading}>
        {t`Pinned to the bar`}
      </h3>
      {renderList('pinned', pinned, pinnedLabelId)}
      <h3 id={unpinnedLabelId} className={styles.heading}>
        {t`In the Apps menu`}
      </h3>
      {renderList('unpinned', unpinned, unpinnedLabelId)}
      <div className="wb-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </section>
  )
}
