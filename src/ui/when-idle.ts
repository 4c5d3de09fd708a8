/** What `afterLoad` listens to: the window (a stand-in in tests). */
export type LoadTarget = Pick<Window, 'addEventListener'> & {
  document: Pick<Document, 'readyState'>
}

/** Resolves once the page has loaded (at once if it has). */
export async function afterLoad(win: LoadTarget = window): Promise<void> {
  if (win.document.readyState === 'complete') return
  await new Promise((resolve) => {
    win.addEventListener('load', resolve, { once: true })
  })
}

/**
 * Runs `work` when the browser is idle, at most `timeoutMs` later; without requestIdleCallback
 * (Safari, jsdom), after `fallbackDelayMs`.
 */
export function whenIdle(work: () => void, timeoutMs: number, fallbackDelayMs = 0): void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    globalThis.requestIdleCallback(work, { timeout: timeoutMs })
  } else {
    setTimeout(work, fallbackDelayMs)
  }
}
