import { describe, expect, it } from 'vitest'
import { catalogNeedOf, CORE_ROUTE_IDS, onlyCoreRoutes, SIGNUP_ROUTE_IDS } from './core-routes.ts'

describe('core routes', () => {
  it('holds the pages a visitor opens first before signing in: sign-in, errors; the sign-up apart', () => {
    expect(CORE_ROUTE_IDS).toEqual(['/login', '/404', '/500'])
    expect(SIGNUP_ROUTE_IDS).toEqual(['/signup/$owner/{-$country}'])
  })

  it.each([
    { ids: ['__root__', '/login'], core: true },
    { ids: ['__root__', '/404'], core: true },
    { ids: ['__root__', '/500'], core: true },
    // An unknown path matches only the root, whose not-found page is in the entry.
    { ids: ['__root__'], core: true },
    { ids: ['__root__', '/signup/$owner/{-$country}'], core: false },
    { ids: ['__root__', '/request-password'], core: false },
    { ids: ['__root__', '/_authed', '/_authed/dashboard'], core: false },
    { ids: ['__root__', '/login', '/_authed'], core: false },
  ])('onlyCoreRoutes($ids) is $core', ({ ids, core }) => {
    expect(onlyCoreRoutes(ids)).toBe(core)
  })

  it.each([
    { ids: ['__root__', '/login'], signedIn: false, need: 'core' },
    { ids: ['__root__'], signedIn: false, need: 'core' },
    { ids: ['__root__', '/signup/$owner/{-$country}'], signedIn: false, need: 'signup' },
    { ids: ['__root__', '/404'], signedIn: true, need: 'full' },
    { ids: ['__root__', '/signup/$owner/{-$country}'], signedIn: true, need: 'full' },
    { ids: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: true, need: 'full' },
    { ids: ['__root__', '/request-password'], signedIn: false, need: 'full' },
    {
      ids: ['__root__', '/hc', '/hc/{-$locale}', '/hc/{-$locale}/'],
      signedIn: false,
      need: 'full',
    },
    // A visitor opening a page behind the sign-in, `/` or /redirect is sent to /login: the core.
    { ids: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: false, need: 'core' },
    { ids: ['__root__', '/'], signedIn: false, need: 'core' },
    { ids: ['__root__', '/redirect'], signedIn: false, need: 'core' },
    { ids: ['__root__', '/'], signedIn: true, need: 'full' },
  ] as const)('catalogNeedOf($ids, signed in: $signedIn) is $need', ({ ids, signedIn, need }) => {
    expect(catalogNeedOf(ids, signedIn)).toBe(need)
  })
})
