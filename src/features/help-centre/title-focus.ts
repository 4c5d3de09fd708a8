/*
 * Issue 5 §4 a11y: after a move to another help-centre page, focus goes to the new page's title,
 * so a screen reader announces it and the next Tab starts in the content (not in the header the
 * shell's main region begins with). A page whose title waits for data takes the request when its
 * title appears.
 */
let requested = false

/** The attribute the page title carries. */
export const TITLE_ATTRIBUTE = 'data-hc-title'

/** Focuses the page title now, or as soon as one appears. */
export function requestTitleFocus(): void {
  const title = document.querySelector<HTMLElement>(`[${TITLE_ATTRIBUTE}]`)
  if (title) {
    requested = false
    title.focus({ preventScroll: true })
  } else {
    requested = true
  }
}

/** Whether a title that just appeared should take focus (the request is used up). */
export function takeTitleFocusRequest(): boolean {
  const wanted = requested
  requested = false
  return wanted
}
