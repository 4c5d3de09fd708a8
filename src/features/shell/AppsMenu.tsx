import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Trans } from '@lingui/react/macro'
import { cx } from './class-names'
import { NavAppLink } from './NavAppLink'
import { ShellIcon } from './ShellIcon'
import type { NavArrangementState } from './useNavArrangement'
import styles from './Navbar.module.css'

// Arranging apps is rare: the editor loads when it is first opened.
const NavEditor = lazy(() =>
  import('./NavEditor').then((module) => ({ default: module.NavEditor })),
)

/**
 * The "Apps" disclosure: the unpinned app links (a grid above 8) and, where the user may arrange
 * them, the editor. A disclosure rather than a menu because it holds links and controls together.
 */
export function AppsMenu({ arrangement }: { arrangement: NavArrangementState }) {
  const panelId = useId()
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', handlePointerDown)
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown)
    }
  }, [open])

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    }
  }

  const close = () => {
    setOpen(false)
  }

  const { unpinned, grid, editable } = arrangement
  return (
    <div ref={rootRef} className={styles.apps} onKeyDown={handleKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.barButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((was) => !was)
        }}
      >
        <ShellIcon name="apps" />
        <span className={styles.appsLabel}>
          <Trans>Apps</Trans>
        </span>
      </button>
      <div id={panelId} className={styles.appsPanel} hidden={!open}>
        {unpinned.length > 0 ? (
          <ul
            className={cx(styles.appsList, grid && styles.appsGrid)}
            data-layout={grid ? 'grid' : 'list'}
          >
            {unpinned.map((link) => (
              <li key={link.id}>
                <NavAppLink
                  link={link}
                  withDescription
                  className={styles.appsLink}
                  onNavigate={close}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.appsEmpty}>
            <Trans>All your apps are pinned to the bar.</Trans>
          </p>
        )}
        {editable ? (
          <button
            type="button"
            className={styles.arrangeButton}
            aria-expanded={editing}
            onClick={() => {
              setEditing((was) => !was)
            }}
          >
            {editing ? <Trans>Done arranging</Trans> : <Trans>Arrange apps</Trans>}
          </button>
        ) : null}
        {editable && editing ? (
          <Suspense fallback={null}>
            <NavEditor
              pinned={arrangement.pinned}
              unpinned={arrangement.unpinned}
              order={arrangement.order}
              onChange={arrangement.setOrder}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  )
}
