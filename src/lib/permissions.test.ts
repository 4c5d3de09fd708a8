import { describe, expect, it } from 'vitest'
import type { Grants } from '#contracts/auth.ts'
import {
  canSearchAndViewUnits,
  hasAdminAccess,
  hasAnalyticsAccess,
  hasGlobalGrant,
  hasPanelPermission,
  hasPermission,
  type PermissionSubject,
} from './permissions'

const enterprise = (grants: Grants, panelId = 3, hasGlobalAccess = false): PermissionSubject => ({
  grants,
  view: { type: 'enterprise', panelId },
  hasGlobalAccess,
})

describe('hasPermission', () => {
  it.each<{
    name: string
    grants: Grants
    scope: Record<string, number> | undefined
    expected: boolean
  }>([
    { name: 'no grant at all', grants: {}, scope: undefined, expected: false },
    {
      name: 'resource without the permission',
      grants: { Apollo: { maps: true } },
      scope: undefined,
      expected: false,
    },
    {
      name: 'permission granted as true',
      grants: { Apollo: { reports: true } },
      scope: undefined,
      expected: true,
    },
    {
      name: 'true covers any scope',
      grants: { Apollo: { reports: true } },
      scope: { panel: 9 },
      expected: true,
    },
    {
      name: 'scoped grant without asked scope',
      grants: { Apollo: { reports: [{ panel: 3 }] } },
      scope: undefined,
      expected: true,
    },
    {
      name: 'scoped grant, matching panel',
      grants: { Apollo: { reports: [{ panel: 4 }, { panel: 3 }] } },
      scope: { panel: 3 },
      expected: true,
    },
    {
      name: 'scoped grant, other panel',
      grants: { Apollo: { reports: [{ panel: 4 }] } },
      scope: { panel: 3 },
      expected: false,
    },
    {
      name: 'scope given as a string id',
      grants: { Apollo: { reports: [{ panel: '3' }] } },
      scope: { panel: 3 },
      expected: true,
    },
    {
      name: 'empty scope list',
      grants: { Apollo: { reports: [] } },
      scope: undefined,
      expected: false,
    },
    {
      name: 'scope missing the asked key',
      grants: { Apollo: { reports: [{ organisation: 3 }] } },
      scope: { panel: 3 },
      expected: false,
    },
    {
      name: 'global developer bypass',
      grants: { Global: { developer: true } },
      scope: { panel: 3 },
      expected: true,
    },
    {
      name: 'global senior_developer bypass',
      grants: { Global: { senior_developer: true } },
      scope: undefined,
      expected: true,
    },
    {
      name: 'other global permission is no bypass',
      grants: { Global: { view: true } },
      scope: undefined,
      expected: false,
    },
  ])('$name → $expected', ({ grants, scope, expected }) => {
    expect(hasPermission({ grants }, 'Apollo', 'reports', scope)).toBe(expected)
  })

  it('is false without a session', () => {
    expect(hasPermission(null, 'Apollo', 'reports')).toBe(false)
  })
})

describe('hasGlobalGrant', () => {
  it.each<{ grants: Grants; expected: boolean }>([
    { grants: {}, expected: false },
    { grants: { Global: { senior_developer: true } }, expected: true },
    { grants: { Administration: { users: true } }, expected: true },
    { grants: { Global: {} }, expected: false },
    { grants: { Apollo: { reports: true } }, expected: false },
  ])('$grants → $expected', ({ grants, expected }) => {
    expect(hasGlobalGrant(grants)).toBe(expected)
  })
})

describe('hasPanelPermission (active panel scope)', () => {
  it.each<{ name: string; subject: PermissionSubject; expected: boolean }>([
    {
      name: 'grant on the active panel',
      subject: enterprise({ Apollo: { data_api: [{ panel: 3 }] } }),
      expected: true,
    },
    {
      name: 'grant on another panel only',
      subject: enterprise({ Apollo: { data_api: [{ panel: 5 }] } }),
      expected: false,
    },
    {
      name: 'granted under test-measurements (seeds 001 name)',
      subject: enterprise({ 'test-measurements': { data_api: [{ panel: 3 }] } }),
      expected: true,
    },
    {
      name: 'test-measurements grant on another panel',
      subject: enterprise({ 'test-measurements': { data_api: [{ panel: 2 }] } }),
      expected: false,
    },
    {
      name: 'grant under an unrelated resource',
      subject: enterprise({ Unit: { data_api: [{ panel: 3 }] } }),
      expected: false,
    },
    {
      name: 'no active panel (consumer view)',
      subject: {
        grants: { Apollo: { data_api: true } },
        view: { type: 'consumer' },
        hasGlobalAccess: false,
      },
      expected: false,
    },
  ])('$name', ({ subject, expected }) => {
    expect(hasPanelPermission(subject, 'data_api')).toBe(expected)
  })
})

describe('hasAdminAccess (seeds 6)', () => {
  it.each<{ name: string; subject: PermissionSubject; expected: boolean }>([
    {
      name: 'metadata_manage on the panel',
      subject: enterprise({ Apollo: { metadata_manage: [{ panel: 3 }] } }),
      expected: true,
    },
    {
      name: 'demo admin: test-measurements metadata_manage on panels 2 and 3',
      subject: enterprise({
        'test-measurements': { metadata_manage: [{ panel: 2 }, { panel: 3 }] },
      }),
      expected: true,
    },
    {
      name: 'agents_view on the panel',
      subject: enterprise({ Apollo: { agents_view: [{ panel: 3 }] } }),
      expected: true,
    },
    {
      name: 'admin permission on another panel',
      subject: enterprise({ Apollo: { agents_manage: [{ panel: 8 }] } }),
      expected: false,
    },
    {
      name: 'org_super_admin',
      subject: enterprise({ Owner: { org_super_admin: true } }),
      expected: true,
    },
    {
      name: 'global access',
      subject: enterprise({ Administration: { users: true } }, 3, true),
      expected: true,
    },
    {
      name: 'global access without a panel',
      subject: {
        grants: { Administration: { users: true } },
        view: { type: 'signup' },
        hasGlobalAccess: true,
      },
      expected: false,
    },
    { name: 'reports only', subject: enterprise({ Apollo: { reports: true } }), expected: false },
    {
      name: 'consumer view with admin grants',
      subject: {
        grants: { Apollo: { metadata_manage: true } },
        view: { type: 'consumer' },
        hasGlobalAccess: false,
      },
      expected: false,
    },
  ])('$name → $expected', ({ subject, expected }) => {
    expect(hasAdminAccess(subject)).toBe(expected)
  })
})

describe('hasAnalyticsAccess and canSearchAndViewUnits (default path rules)', () => {
  it.each<{ name: string; subject: PermissionSubject; analytics: boolean; units: boolean }>([
    {
      name: 'consumer view',
      subject: { grants: {}, view: { type: 'consumer' }, hasGlobalAccess: false },
      analytics: true,
      units: false,
    },
    {
      name: 'enterprise with analytics_ui',
      subject: enterprise({ Apollo: { analytics_ui: [{ panel: 3 }] } }),
      analytics: true,
      units: false,
    },
    {
      name: 'enterprise without analytics_ui',
      subject: enterprise({ Apollo: { reports: true } }),
      analytics: false,
      units: false,
    },
    {
      name: 'engineer: unit search + test_view on the panel',
      subject: enterprise({ Unit: { search: [{ panel: 3 }], test_view: [{ panel: 3 }] } }),
      analytics: false,
      units: true,
    },
    {
      name: 'unit search without test_view',
      subject: enterprise({ Unit: { search: true } }),
      analytics: false,
      units: false,
    },
  ])('$name', ({ subject, analytics, units }) => {
    expect(hasAnalyticsAccess(subject)).toBe(analytics)
    expect(canSearchAndViewUnits(subject)).toBe(units)
  })
})
