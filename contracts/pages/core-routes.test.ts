import { describe, expect, it } from 'vitest'
import {
  catalogNeedOf,
  CORE_ROUTE_IDS,
  isEnterpriseRoute,
  onlyCoreRoutes,
  routeIdOfFile,
  SIGNUP_ROUTE_IDS,
} from './core-routes.ts'

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
    // The enterprise pages' words come with them only.
    {
      ids: ['__root__', '/_authed', '/_authed/admin', '/_authed/admin/agents'],
      signedIn: true,
      need: 'enterprise',
    },
    {
      ids: ['__root__', '/_authed', '/_authed/analytics', '/_authed/analytics/'],
      signedIn: true,
      need: 'enterprise',
    },
    {
      ids: ['__root__', '/_authed', '/_authed/admin', '/_authed/admin/'],
      signedIn: false,
      need: 'core',
    },
  ] as const)('catalogNeedOf($ids, signed in: $signedIn) is $need', ({ ids, signedIn, need }) => {
    expect(catalogNeedOf(ids, signedIn)).toBe(need)
  })
})

describe('enterprise routes', () => {
  it.each([
    ['/_authed/admin', true],
    ['/_authed/admin/', true],
    ['/_authed/admin/agent/$agentId', true],
    ['/_authed/analytics/', true],
    ['/_authed/analytics/presets', true],
    ['/_authed/mapping/', true],
    ['/_authed/mapping/presets', true],
    ['/_authed/dashboards', true],
    ['/_authed/dashboard_/$dashboardId', true],
    ['/_authed/reports', true],
    ['/_authed/report/$reportId', true],
    ['/_authed/report/new', true],
    ['/_authed/fault-finder', true],
    ['/_authed/fault-finder/', true],
    ['/_authed/fault-finder/$state', true],
    ['/_authed/fault-finder/collection/$id', true],
    // The consumer's dashboard and its tabs are not.
    ['/_authed/dashboard/whitebox-tests', false],
    ['/_authed/dashboard/results/$testId', false],
    ['/_authed/dashboard/', false],
    // The analytics layout is the consumer's too; the rest is no enterprise page.
    ['/_authed/analytics', false],
    ['/_authed/administration', false],
    ['/_authed/dashboard', false],
    ['/_authed/units/search', false],
    ['/_authed/fault-finders', false],
    ['/admin', false],
  ])('isEnterpriseRoute(%s) is %s', (id, enterprise) => {
    expect(isEnterpriseRoute(id)).toBe(enterprise)
  })

  it.each([
    ['src/routes/_authed/admin.agents.tsx', '/_authed/admin/agents'],
    ['src/routes/_authed/admin.index.tsx', '/_authed/admin/'],
    ['src/routes/_authed/admin.agent.$agentId.tsx', '/_authed/admin/agent/$agentId'],
    ['src/routes/_authed/analytics.tsx', '/_authed/analytics'],
    ['src/routes/signup.$owner.{-$country}.tsx', '/signup/$owner/{-$country}'],
    ['src/routes/login.tsx', '/login'],
    ['src/features/admin/AgentsPage.tsx', null],
  ])('routeIdOfFile(%s) is %s', (file, id) => {
    expect(routeIdOfFile(file)).toBe(id)
  })
})
