import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import styles from './Menu.module.css'

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]'

/** Class for elements the caller renders as menu items itself (links with role="menuitem"). */
export const MENU_ITEM_CLASS = styles.item ?? ''

export type MenuButtonProps = {
  /** The button's visible content. */
  label: ReactNode
  /** An accessible name when the visible content is not enough (an icon, an avatar). */
  buttonLabel?: string
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end'
  className?: string
  buttonClassName?: string
  /** Menu items (MenuItem, MenuItemRadio, MenuGroup, links with role="menuitem" and tabIndex -1). */
  children: ReactNode
}

function items(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return []
  return Array.from(menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)).filter(
    (el) => el.getAttribute('aria-disabled') !== 'true',
  )
}

/**
 * The WAI-ARIA menu button: arrows move between items, Home/End jump, Escape closes and returns
 * focus to the button, Tab and a click outside close, choosing an item closes.
 */
export function MenuButton({
  label,
  buttonLabel,
  align = 'end',
  className,
  buttonClassName,
  children,
}: MenuButtonProps) {
  const id = useId()
  const buttonId = `${id}-button`
  const menuId = `${id}-menu`
  const [open, setOpen] = useState(false)
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first')
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const list = items(menuRef.current)
    const target = focusOnOpen === 'first' ? list[0] : list[list.length - 1]
    target?.focus()
  }, [open, focusOnOpen])

  useEffect(() => {
    if (!open) return
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false)
    }
    document.addEventListener('pointerdown', handlePointerDown)
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown)
    }
  }, [open, close])

  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last')
      setOpen(true)
    }
  }

  const handleButtonClick = () => {
    setFocusOnOpen('first')
    setOpen((was) => !was)
  }

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items(menuRef.current)
    const index = list.findIndex((el) => el === document.activeElement)
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        focusAt(index + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        focusAt(index < 0 ? -1 : index - 1)
        break
      case 'Home':
        event.preventDefault()
        focusAt(0)
        break
      case 'End':
        event.preventDefault()
        focusAt(-1)
        break
      case 'Escape':
        event.preventDefault()
        close(true)
        break
      case 'Tab':
        close(false)
        break
    }
  }

  const handleMenuClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest(ITEM_SELECTOR)) close(true)
  }

  return (
    <div ref={rootRef} className={[styles.root, className].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={[styles.button, buttonClassName].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        onClick={handleButtonClick}
        onKeyDown={handleButtonKeyDown}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={[styles.menu, align === 'end' ? styles.alignEnd : styles.alignStart]
            .filter(Boolean)
            .join(' ')}
          onKeyDown={handleMenuKeyDown}
          onClick={handleMenuClick}
        >
          {children}
        </div>
      ) : null}
    </div>
  )
}

export type MenuItemProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role' | 'tabIndex'> & {
  children: ReactNode
}

/** An action in a menu. */
export function MenuItem({ children, className, ...rest }: MenuItemProps) {
  return (
    <button
      {...rest}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={[styles.item, className].filter(Boolean).join(' ')}
    >
      {children}
    </button>
  )
}

export type MenuItemRadioProps = MenuItemProps & { checked: boolean }

/** One choice of a group in a menu (a language, a panel); the chosen one shows a tick. */
export function MenuItemRadio({ checked, children, className, ...rest }: MenuItemRadioProps) {
  return (
    <button
      {...rest}
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className={[styles.item, className].filter(Boolean).join(' ')}
    >
      <span className={styles.check} aria-hidden="true">
        {checked ? '✓' : ''}
      </span>
      <span>{children}</span>
    </button>
  )
}

/** A labelled group of menu items. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className={styles.group}>
      <p id={id} className={styles.groupLabel} role="presentation">
        {label}
      </p>
      {children}
    </div>
  )
}

/** A line between groups of items. */
export function MenuSeparator() {
  return <div role="separator" className={styles.separator} />
}

/** Non-interactive text at the top of a menu (who is signed in). */
export function MenuHeader({ children }: { children: ReactNode }) {
  return (
    <div role="presentation" className={styles.header}>
      {children}
    </div>
  )
}
