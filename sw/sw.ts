/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import {
  NAVIGATION_DENYLIST,
  RUNTIME_CACHES,
  isFont,
  isMapTile,
  isRuntimeImage,
} from './caching-rules'

declare const self: ServiceWorkerGlobalScope

/**
 * Kill switch: a build with VITE_SW_KILL_SWITCH=1 ships a worker that removes every cache, unregisters
 * itself and reloads open pages, so a bad worker that escaped can be undone by one deploy (see README).
 */
if (import.meta.env.VITE_SW_KILL_SWITCH === '1') {
  self.addEventListener('install', () => void self.skipWaiting())
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const key of await caches.keys()) await caches.delete(key)
        await self.registration.unregister()
        const clients = await self.clients.matchAll({ type: 'window' })
        for (const client of clients) void client.navigate(client.url)
      })(),
    )
  })
} else {
  precacheAndRoute(self.__WB_MANIFEST)
  cleanupOutdatedCaches()

  // Navigations get the cached shell, so the app opens offline; /api is never answered by the worker:
  // data offline comes from the persisted query cache only.
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
  )

  const ok = new CacheableResponsePlugin({ statuses: [0, 200] })
  registerRoute(
    ({ url }) => isMapTile(url),
    new CacheFirst({
      cacheName: RUNTIME_CACHES.tiles.name,
      plugins: [ok, new ExpirationPlugin({ ...RUNTIME_CACHES.tiles, purgeOnQuotaError: true })],
    }),
  )
  registerRoute(
    ({ url, sameOrigin }) => isRuntimeImage(url, sameOrigin),
    new StaleWhileRevalidate({
      cacheName: RUNTIME_CACHES.images.name,
      plugins: [ok, new ExpirationPlugin({ ...RUNTIME_CACHES.images, purgeOnQuotaError: true })],
    }),
  )
  registerRoute(
    ({ url }) => isFont(url),
    new CacheFirst({
      cacheName: RUNTIME_CACHES.fonts.name,
      plugins: [ok, new ExpirationPlugin({ ...RUNTIME_CACHES.fonts, purgeOnQuotaError: true })],
    }),
  )

  // Prompt mode: the page asks the waiting worker to take over only when the user chooses Reload.
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
  })
}
