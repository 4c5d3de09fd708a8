/** Seeds 9: cookies last 365 days. */
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** Reads one cookie's decoded value, or null. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return null
    }
  }
  return null
}

/** Writes a site-wide cookie for 365 days: SameSite=Strict, Secure on https. */
export function writeCookie(name: string, value: string): void {
  const secure = globalThis.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure}`
}

/** Deletes a site-wide cookie. */
export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`
}
