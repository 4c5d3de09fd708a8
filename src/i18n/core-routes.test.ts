import { describe, expect, it } from 'vitest'
import { CORE_ROUTE_IDS, needsFullCatalog, onlyCoreRoutes } from './core-routes'

describe('core routes', () => {
  it('holds the pages a visitor opens first before signing in: sign-in, errors, sign-up', () => {
    expect(CORE_ROUTE_IDS).toEqual(['/login', '/404', '/500', '/signup/$owner/{-$country}'])
  })

  it.each([
    { ids: ['__root__', '/login'], core: true },
    { ids: ['__root__', '/404'], core: true },
    { ids: ['__root__', '/500'], core: true },
    // An unknown path matches only the root, whose not-found page is in the entry.
    { ids: ['__root__'], core: true },
    { ids: ['__root__', '/signup/$owner/{-$country}'], core: true },
    { ids: ['__root__', '/request-password'], core: false },
    { ids: ['__root__', '/_authed', '/_authed/dashboard'], core: false },
    { ids: ['__root__', '/login', '/_authed'], core: false },
  ])('onlyCoreRoutes($ids) is $core', ({ ids, core }) => {
    expect(onlyCoreRoutes(ids)).toBe(core)
  })

  it.each([
    { ids: ['__root__', '/login'], signedIn: false, full: false },
    { ids: ['__root__', '/404'], signedIn: true, full: true },
    { ids: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: true, full: true },
    { ids: ['__root__', '/request-password'], signedIn: false, full: true },
    // A visitor opening a page behind the sign-in is sent to /login: no rest of the catalog first.
    { ids: ['__root__', '/_authed', '/_authed/dashboard'], signedIn: false, full: false },
  ])('needsFullCatalog($ids, signed in: $signedIn) is $full', ({ ids, signedIn, full }) => {
    expect(needsFullCatalog(ids, signedIn)).toBe(full)
  })
})
