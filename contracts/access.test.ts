import { describe, expect, it } from 'vitest'
import {
  analyticsGroup,
  canSearchUnits,
  canViewUnitPages,
  hasAdminAccess,
  hasAnalyticsAccess,
  hasGlobalAccess,
  hasGrant,
  hasGrantEverywhere,
  hasInternalAccess,
  mayManageUnit,
  mayReadUnit,
  mayTriggerTest,
  mayViewUnitPage,
  organisationRole,
  routeAccessHolds,
  routeGrantHolds,
  type AccessSubject,
  type RouteGrant,
} from './access.ts'
import type { Grants } from './auth.ts'

const engineer: Grants = {
  Unit: { search: [{ panel: 3 }], test_view: [{ panel: 3 }] },
  'test-measurements': { barcode_scanner: [{ panel: 3 }] },
  Agent: { trigger_testing: [{ panel: 3 }] },
}
const developer: Grants = { Global: { developer: true } }
const ADMINISTRATION_ALL = {
  units: true,
  users: true,
  signups: true,
  organisations: true,
  panels: true,
  isps: true,
  test_schedules: true,
} as const
/** Global access through Administration grants, no developer. */
const administration: Grants = { Administration: { ...ADMINISTRATION_ALL } }
const partialAdministration: Grants = { Administration: { units: true, users: true } }

const enterprise = (grants: Grants, panelId = 3): AccessSubject => ({
  grants,
  view: { type: 'enterprise', panelId },
})

describe('hasGrant (seeds 6: section + permission, optionally scoped)', () => {
  it.each<{
    grants: Grants
    section: string
    permission: string
    scope?: object
    expected: boolean
  }>([
    { grants: engineer, section: 'Unit', permission: 'search', expected: true },
    {
      grants: engineer,
      section: 'Unit',
      permission: 'search',
      scope: { panel: 3 },
      expected: true,
    },
    {
      grants: engineer,
      section: 'Unit',
      permission: 'search',
      scope: { panel: '3' },
      expected: true,
    },
    {
      grants: engineer,
      section: 'Unit',
      permission: 'search',
      scope: { panel: 4 },
      expected: false,
    },
    { grants: engineer, section: 'Unit', permission: 'outages_view', expected: false },
    { grants: engineer, section: 'Apollo', permission: 'analytics_ui', expected: false },
    { grants: developer, section: 'Apollo', permission: 'x', scope: { panel: 1 }, expected: true },
    {
      grants: { Global: { senior_developer: true } },
      section: 'Unit',
      permission: 'search',
      expected: true,
    },
    {
      grants: { Global: { viewer: true } },
      section: 'Unit',
      permission: 'search',
      expected: false,
    },
    { grants: administration, section: 'Unit', permission: 'search', expected: false },
    {
      grants: { Agent: { unit_manage: true } },
      section: 'Agent',
      permission: 'unit_manage',
      scope: { unit: 9 },
      expected: true,
    },
    { grants: { Unit: { search: [] } }, section: 'Unit', permission: 'search', expected: false },
    { grants: {}, section: 'Unit', permission: 'search', expected: false },
  ])(
    '$section.$permission $scope → $expected',
    ({ grants, section, permission, scope, expected }) => {
      expect(hasGrant(grants, section, permission, scope as never)).toBe(expected)
    },
  )

  it.each<{ grants: Grants; expected: boolean }>([
    { grants: engineer, expected: false },
    { grants: { Unit: { search: true } }, expected: true },
    { grants: developer, expected: true },
    { grants: administration, expected: false },
  ])('hasGrantEverywhere Unit.search in $grants → $expected', ({ grants, expected }) => {
    expect(hasGrantEverywhere(grants, 'Unit', 'search')).toBe(expected)
  })
})

describe('hasGlobalAccess and hasInternalAccess (seeds 001 §6)', () => {
  it.each([
    { name: 'developer', grants: developer, global: true, internal: true },
    { name: 'every Administration view', grants: administration, global: true, internal: true },
    {
      name: 'some Administration views',
      grants: partialAdministration,
      global: true,
      internal: false,
    },
    { name: 'an empty Global', grants: { Global: {} }, global: false, internal: false },
    { name: 'an engineer', grants: engineer, global: false, internal: false },
  ])('$name: global $global, internal $internal', ({ grants, global, internal }) => {
    expect(hasGlobalAccess(grants)).toBe(global)
    expect(hasInternalAccess(grants)).toBe(internal)
  })
})

describe('area rules', () => {
  it.each<{ name: string; subject: AccessSubject; admin: boolean; analytics: boolean }>([
    {
      name: 'consumer view',
      subject: { grants: {}, view: { type: 'consumer', unitId: 1 } },
      admin: false,
      analytics: true,
    },
    { name: 'engineer', subject: enterprise(engineer), admin: false, analytics: false },
    {
      name: 'analytics_ui on the panel',
      subject: enterprise({ Apollo: { analytics_ui: [{ panel: 3 }] } }),
      admin: false,
      analytics: true,
    },
    {
      name: 'analytics_ui on another panel',
      subject: enterprise({ Apollo: { analytics_ui: [{ panel: 2 }] } }),
      admin: false,
      analytics: false,
    },
    {
      name: 'metadata_manage on the panel',
      subject: enterprise({ 'test-measurements': { metadata_manage: [{ panel: 3 }] } }),
      admin: true,
      analytics: false,
    },
    {
      name: 'org_super_admin',
      subject: enterprise({ Owner: { org_super_admin: true } }),
      admin: true,
      analytics: false,
    },
    {
      name: 'global access on a panel',
      subject: enterprise(administration),
      admin: true,
      analytics: false,
    },
    {
      name: 'global access without a panel',
      subject: { grants: administration, view: { type: 'admin' } },
      admin: false,
      analytics: false,
    },
  ])('$name: admin $admin, analytics $analytics', ({ subject, admin, analytics }) => {
    expect(hasAdminAccess(subject)).toBe(admin)
    expect(hasAnalyticsAccess(subject)).toBe(analytics)
  })

  it.each<{ name: string; subject: AccessSubject; search: boolean; pages: boolean }>([
    { name: 'engineer on panel 3', subject: enterprise(engineer), search: true, pages: true },
    { name: 'engineer on panel 2', subject: enterprise(engineer, 2), search: false, pages: false },
    {
      name: 'global access (not a bypass)',
      subject: enterprise(administration),
      search: false,
      pages: false,
    },
    {
      name: 'global access in the admin view',
      subject: { grants: administration, view: { type: 'admin' } },
      search: false,
      pages: false,
    },
    {
      name: 'developer without a panel',
      subject: { grants: developer, view: { type: 'admin' } },
      search: true,
      pages: true,
    },
    { name: 'developer on a panel', subject: enterprise(developer, 9), search: true, pages: true },
    {
      name: 'search without test_view',
      subject: enterprise({ Unit: { search: [{ panel: 3 }] } }),
      search: true,
      pages: false,
    },
  ])('$name: search $search, unit pages $pages', ({ subject, search, pages }) => {
    expect(canSearchUnits(subject)).toBe(search)
    expect(canViewUnitPages(subject)).toBe(pages)
  })
})

describe('unit rules', () => {
  const unit = { id: 7, panelId: 3 }
  it.each([
    { name: 'engineer', grants: engineer, page: true, read: true, manage: false, trigger: true },
    {
      name: 'global access',
      grants: administration,
      page: false,
      read: true,
      manage: true,
      trigger: false,
    },
    { name: 'developer', grants: developer, page: true, read: true, manage: true, trigger: true },
    {
      name: 'Agent unit_manage on the unit',
      grants: { Agent: { unit_manage: [{ unit: 7 }] } },
      page: false,
      read: true,
      manage: true,
      trigger: false,
    },
    {
      name: 'Agent trigger_testing on another panel',
      grants: { Agent: { trigger_testing: [{ panel: 2 }] } },
      page: false,
      read: false,
      manage: false,
      trigger: false,
    },
    {
      name: 'nothing',
      grants: {},
      page: false,
      read: false,
      manage: false,
      trigger: false,
    },
    {
      name: 'admin agents_view on the panel (the admin unit page)',
      grants: { 'test-measurements': { agents_view: [{ panel: 3 }] } },
      page: false,
      read: true,
      manage: false,
      trigger: false,
    },
    {
      name: 'admin agents_view on another panel',
      grants: { 'test-measurements': { agents_view: [{ panel: 2 }] } },
      page: false,
      read: false,
      manage: false,
      trigger: false,
    },
    {
      name: 'agents_manage without agents_view',
      grants: { 'test-measurements': { agents_manage: [{ panel: 3 }] } },
      page: false,
      read: false,
      manage: false,
      trigger: false,
    },
  ])('$name: page $page, read $read, manage $manage, trigger $trigger', (row) => {
    expect(mayViewUnitPage(row.grants, unit)).toBe(row.page)
    expect(mayReadUnit(row.grants, { ...unit, ownedByCaller: false })).toBe(row.read)
    expect(mayManageUnit(row.grants, unit)).toBe(row.manage)
    expect(mayTriggerTest(row.grants, unit)).toBe(row.trigger)
  })

  it('refuses a unit that was not found to all but a developer', () => {
    expect(mayViewUnitPage(engineer, null)).toBe(false)
    expect(mayTriggerTest(engineer, null)).toBe(false)
    expect(mayTriggerTest(administration, null)).toBe(false)
    expect(mayTriggerTest(developer, null)).toBe(true)
  })

  it('lets the owner read their unit whatever the grants', () => {
    expect(mayReadUnit({}, { ...unit, ownedByCaller: true })).toBe(true)
  })
})

describe('analytics groups and organisation roles (seeds 6)', () => {
  it.each<{ name: string; grants: Grants; group: string | null; role: string }>([
    {
      name: 'consumer',
      grants: { Agent: { unit_manage: [{ unit: 1 }] } },
      group: 'Consumer',
      role: 'home_user',
    },
    {
      name: 'engineer (Unit search + test_view)',
      grants: engineer,
      group: 'Constant Care',
      role: 'home_user',
    },
    {
      name: 'Apollo agents_view, analytics and trigger_testing',
      grants: {
        Apollo: {
          agents_view: [{ panel: 1 }],
          analytics: [{ panel: 1 }],
          trigger_testing: [{ panel: 1 }],
        },
      },
      group: 'Constant Care',
      role: 'home_user',
    },
    {
      name: 'reports',
      grants: { 'test-measurements': { reports: [{ panel: 1 }] } },
      group: 'Multiview',
      role: 'power_user',
    },
    {
      name: 'metadata_manage',
      grants: { 'test-measurements': { metadata_manage: [{ panel: 1 }] } },
      group: 'Admin',
      role: 'administrator',
    },
    {
      name: 'org_super_admin',
      grants: { Owner: { org_super_admin: true } },
      group: null,
      role: 'administrator',
    },
    { name: 'staff', grants: administration, group: null, role: 'home_user' },
  ])('$name: group $group, role $role', ({ grants, group, role }) => {
    expect(analyticsGroup(grants)).toBe(group)
    expect(organisationRole(grants)).toBe(role)
  })
})

describe('routeGrantHolds (a route declaration checked against a request)', () => {
  const byParam: RouteGrant = { section: 'Unit', permission: 'search', panel: 'param:panelId' }
  const byQuery: RouteGrant = { section: 'Unit', permission: 'search', panel: 'query:panelId' }
  const anywhere: RouteGrant = { section: 'Unit', permission: 'test_view', panel: 'none' }
  it.each([
    {
      name: 'its panel',
      grant: byParam,
      params: { panelId: '3' },
      query: {},
      grants: engineer,
      expected: true,
    },
    {
      name: 'another panel',
      grant: byParam,
      params: { panelId: '2' },
      query: {},
      grants: engineer,
      expected: false,
    },
    {
      name: 'a malformed panel (the handler answers 400)',
      grant: byParam,
      params: { panelId: 'x' },
      query: {},
      grants: engineer,
      expected: true,
    },
    {
      name: 'a malformed panel, no grant',
      grant: byParam,
      params: { panelId: 'x' },
      query: {},
      grants: {},
      expected: false,
    },
    {
      name: 'the query panel',
      grant: byQuery,
      params: {},
      query: { panelId: '2' },
      grants: engineer,
      expected: false,
    },
    {
      name: 'no query panel',
      grant: byQuery,
      params: {},
      query: {},
      grants: engineer,
      expected: true,
    },
    {
      name: 'global access',
      grant: byParam,
      params: { panelId: '3' },
      query: {},
      grants: administration,
      expected: false,
    },
    { name: 'unscoped', grant: anywhere, params: {}, query: {}, grants: engineer, expected: true },
    {
      name: 'developer',
      grant: byParam,
      params: { panelId: '9' },
      query: {},
      grants: developer,
      expected: true,
    },
  ])('$name → $expected', ({ grant, params, query, grants, expected }) => {
    expect(routeGrantHolds(grants, grant, { params, query })).toBe(expected)
  })
})

describe('routeAccessHolds ({ global: true }: global access, decided before the handler)', () => {
  const request = { params: { panelId: '3' }, query: {} }
  it.each([
    { name: 'a Global developer', grants: developer, expected: true },
    {
      name: 'Administration grants (global access, no developer)',
      grants: administration,
      expected: true,
    },
    { name: 'one Administration grant', grants: partialAdministration, expected: true },
    { name: 'a panel engineer', grants: engineer, expected: false },
    { name: 'no grant', grants: {}, expected: false },
  ])('$name: $expected', ({ grants, expected }) => {
    expect(routeAccessHolds(grants, { global: true }, request)).toBe(expected)
  })

  it('checks a grant declaration as routeGrantHolds does', () => {
    const grant: RouteGrant = { section: 'Unit', permission: 'search', panel: 'param:panelId' }
    expect(routeAccessHolds(engineer, grant, request)).toBe(true)
    expect(routeAccessHolds(engineer, grant, { params: { panelId: '2' }, query: {} })).toBe(false)
    expect(routeAccessHolds(administration, grant, request)).toBe(false)
  })
})
