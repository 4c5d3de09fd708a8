/** Which requests the service worker handles, kept pure so the rules are tested without a worker. */

/** Paths the navigation fallback must never answer with the shell: the API and server-rendered dev pages. */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/dev(\/|$)/]

/** True for a navigation the cached shell should answer (everything but the denylist). */
export function isShellNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname))
}

/** Map tiles from OpenStreetMap-style tile servers: `/{z}/{x}/{y}.png`. */
export function isMapTile(url: URL): boolean {
  return (
    /(^|\.)tile\.openstreetmap\.org$/.test(url.hostname) ||
    /\/\d+\/\d+\/\d+\.(png|jpg|webp)$/.test(url.pathname)
  )
}

/** Same-origin images that are not part of the precache (help-centre pictures, logos). */
export function isRuntimeImage(url: URL, sameOrigin: boolean): boolean {
  return (
    sameOrigin &&
    !url.pathname.startsWith('/api/') &&
    /\.(png|jpe?g|gif|webp|avif|svg)$/.test(url.pathname)
  )
}

/** Web fonts, wherever they come from. */
export function isFont(url: URL): boolean {
  return /\.(woff2?|ttf|otf)$/.test(url.pathname)
}

/** Runtime cache bounds: count and age for each class. */
export const RUNTIME_CACHES = {
  tiles: { name: 'wb-map-tiles', maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 },
  images: { name: 'wb-images', maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600 },
  fonts: { name: 'wb-fonts', maxEntries: 20, maxAgeSeconds: 365 * 24 * 3600 },
} as const
