import { describe, expect, it, vi } from 'vitest'

// The root route's beforeLoad (src/routes/__root.tsx) with the data layer's and the signed-in
// parts' chunks failing, as after a deploy that removed them or offline with nothing cached.
const failed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
const failingSlot = { load: failed, current: () => null, subscribe: () => () => undefined }

vi.mock('../features/shell/signed-in-slot', () => ({ signedInChrome: failingSlot }))
vi.mock('./data-layer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./data-layer')>()),
  dataLayer: failingSlot,
}))
vi.mock('../i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../i18n/i18n')>()),
  loadCatalogFor: () => undefined,
}))
const session = vi.hoisted(() => ({ signedIn: true }))
vi.mock('../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../session')>()),
  getSession: () => (session.signedIn ? { userId: 7 } : null),
}))

const { Route } = await import('../routes/__root')
const beforeLoad = Route.options.beforeLoad as unknown as (args: {
  matches: { routeId: string }[]
  preload: boolean
}) => Promise<void>

function open(routeIds: string[]): Promise<void> {
  return beforeLoad({ matches: routeIds.map((routeId) => ({ routeId })), preload: false })
}

describe('the root route when the data layer cannot load', () => {
  it.each([
    { routes: ['__root__', '/500'], signedIn: true },
    { routes: ['__root__', '/404'], signedIn: true },
    { routes: ['__root__', '/login'], signedIn: true },
  ])(
    '$routes (signed in: $signedIn) still opens: an error page must not fail on it',
    async ({ routes, signedIn }) => {
      session.signedIn = signedIn
      await expect(open(routes)).resolves.toBeUndefined()
    },
  )

  it.each([
    { routes: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: true },
    { routes: ['__root__', '/signup/$owner/{-$country}'], signedIn: false },
  ])(
    '$routes (signed in: $signedIn) fails, for the error page to offer a retry',
    async ({ routes, signedIn }) => {
      session.signedIn = signedIn
      await expect(open(routes)).rejects.toThrow('Failed to fetch')
    },
  )
})
