import { useLayoutEffect, type RefObject } from 'react'

type Mini = typeof import('framer-motion/dom/mini')

// framer-motion's smallest animator (Web Animations), fetched the first time something opens:
// no page pays for it up front, and a visitor's /login never loads it.
let mini: Mini | null = null
let loading: Promise<void> | null = null

function loadMini(): Promise<void> {
  loading ??= import('framer-motion/dom/mini').then(
    (module) => {
      mini = module
    },
    () => {
      loading = null
    },
  )
  return loading
}

/** Whether the user asked for less motion (the system setting). */
function reducesMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** The movement of a panel that opens from where it was asked for (a menu, a sheet). */
export const OPEN_KEYFRAMES = {
  opacity: [0, 1],
  transform: ['translateY(-6px) scale(0.98)', 'none'],
}

/**
 * Plays the opening of the element `find` returns when the component mounts (issue 22 §2:
 * motion where it helps to see where a panel came from). Nothing when the user reduces motion; the
 * first opening only fetches the animator, so a panel never flickers while it loads.
 */
export function useOpenMotion(
  ref: RefObject<HTMLElement | null>,
  find: (element: HTMLElement) => HTMLElement | null = (element) => element,
): void {
  useLayoutEffect(() => {
    const element = ref.current ? find(ref.current) : null
    // Without the Web Animations API (an old browser, jsdom) the panel simply appears.
    if (!element || typeof element.animate !== 'function' || reducesMotion()) return
    if (!mini) {
      void loadMini()
      return
    }
    const animation = mini.animate(element, OPEN_KEYFRAMES, { duration: 0.16, ease: 'easeOut' })
    return () => {
      animation.stop()
    }
    // Once per opening: the panel mounts when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/** Fetches the animator ahead of the first opening (a pointer over or focus on the button). */
export function prepareOpenMotion(): void {
  if (!reducesMotion()) void loadMini()
}
