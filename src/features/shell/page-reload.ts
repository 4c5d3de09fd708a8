/** Full page loads the shell triggers, in one object so tests can replace them. */
export const pageLoad = {
  /** Reloads the current page (a new locale, a chunk from a replaced deployment). */
  reload: (): void => {
    window.location.reload()
  },
  /** Loads an address afresh, fetching the current deployment's files. */
  assign: (href: string): void => {
    window.location.assign(href)
  },
}
