/**
 * A `continue` target kept only when it is a same-origin path (never `//host`, `/\host` or a full
 * URL to elsewhere), returned as path + search + hash; null otherwise.
 */
export function safeContinuePath(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null
  if (raw.startsWith('/\\')) return null
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return null
  }
  if (url.origin !== new URL(origin).origin) return null
  // Normalising can leave an empty first segment: '/.//host' parses to the path '//host', which a
  // browser would read as another host. One leading slash, whatever the input's dot segments.
  const pathname = url.pathname.replace(/^[/\\]+/, '/')
  const path = `${pathname}${url.search}${url.hash}`
  // Returning to an auth screen after signing in would loop or sign the user out again.
  if (/^\/(login|logout|locked)(\/|$)/.test(pathname)) return null
  return path
}
