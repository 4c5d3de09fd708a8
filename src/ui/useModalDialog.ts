import { useEffect, useRef, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react'

// What Tab can reach inside a dialog. Disabled controls are skipped: the browser skips them too,
// so a trap that counted one as the last control would let Tab out of the dialog.
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]'

/** What to spread on the <dialog> element. */
export type ModalDialogProps = {
  ref: RefObject<HTMLDialogElement | null>
  tabIndex: -1
  onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => void
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void
}

export type ModalDialog = {
  /** The <dialog> element (already in `dialogProps`), for checks such as a click on the backdrop. */
  ref: RefObject<HTMLDialogElement | null>
  /** Asks to close: calls `onClose` the first time only. */
  close: () => void
  dialogProps: ModalDialogProps
}

/**
 * Focus back on what had it before the dialog opened. Default focus() scrolls the element's top
 * into view: for <main> (which the shell focuses after a navigation, so a dialog that opens by
 * itself finds it focused) that left the page scrolled by the navbar's height. Only an element
 * wholly off screen is scrolled to, so the keyboard user still sees where they are.
 */
function returnFocus(element: HTMLElement): void {
  const box = element.getBoundingClientRect()
  const onScreen =
    box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth
  element.focus(onScreen ? { preventScroll: true } : undefined)
}

/**
 * A native modal <dialog> that is open while its component is mounted: showModal() on mount (the
 * page behind is inert), the dialog itself focused (its title is read first and nothing is pressed
 * by accident), Tab and Shift+Tab wrap inside it, Escape calls `onClose`, and on unmount it is
 * closed and focus returns to where it was before it opened. `onClose` should unmount it.
 */
export function useModalDialog(onClose: () => void): ModalDialog {
  const ref = useRef<HTMLDialogElement>(null)
  const closed = useRef(false)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    dialog.focus()
    return () => {
      if (dialog.open) dialog.close()
      if (previous) returnFocus(previous)
    }
  }, [])

  // Escape, the backdrop and a button can race (a cancel, then a click): act once.
  const close = () => {
    if (closed.current) return
    closed.current = true
    onClose()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Caught before it becomes a close request: without a recent user activation the browser's
      // cancel cannot be prevented (the close-watcher rules) and the dialog would close by itself.
      event.preventDefault()
      close()
      return
    }
    const dialog = ref.current
    if (event.key !== 'Tab' || !dialog) return
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE))
    const first = focusable[0]
    const last = focusable.at(-1)
    if (!first || !last) return
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // The browser's close request (Escape, Back on Android): the owner decides, by unmounting.
    event.preventDefault()
    close()
  }

  return { ref, close, dialogProps: { ref, tabIndex: -1, onKeyDown, onCancel } }
}
