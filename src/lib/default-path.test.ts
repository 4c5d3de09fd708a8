import { describe, expect, it } from 'vitest'
import type { Accessibles, Grants } from '#contracts/auth.ts'
import { defaultPath, type DefaultPathSubject } from './default-path'

const none: Accessibles = { apollo: [], units: [], volunteer: null, administration: null }
const panel3 = { ...none, apollo: [{ pid: 3, front_name: 'Panel 3' }] }

function enterprise(grants: Grants, extra: Partial<DefaultPathSubject> = {}): DefaultPathSubject {
  return {
    grants,
    accessibles: panel3,
    view: { type: 'enterprise', panelId: 3 },
    hasGlobalAccess: false,
    isStaff: false,
    ...extra,
  }
}

describe('defaultPath (seeds 4.1)', () => {
  it.each<{ name: string; subject: DefaultPathSubject | null; expected: string }>([
    { name: 'signed out', subject: null, expected: '/login' },
    {
      name: 'volunteer only',
      subject: {
        grants: {},
        accessibles: { ...none, volunteer: { signupId: 1, owner: 'nz' } },
        view: { type: 'signup' },
        hasGlobalAccess: false,
        isStaff: false,
      },
      expected: '/profile',
    },
    {
      name: 'consumer view',
      subject: {
        grants: { Agent: { trigger_testing: true } },
        accessibles: { ...none, units: [{ unitId: 1 }] },
        view: { type: 'consumer', unitId: 1 },
        hasGlobalAccess: false,
        isStaff: false,
      },
      expected: '/dashboard',
    },
    {
      name: 'analyst (analytics_ui)',
      subject: enterprise({ Apollo: { analytics_ui: [{ panel: 3 }], data_api: [{ panel: 3 }] } }),
      expected: '/analytics',
    },
    {
      name: 'engineer (unit search + test_view)',
      subject: enterprise({ Unit: { search: [{ panel: 3 }], test_view: [{ panel: 3 }] } }),
      expected: '/units',
    },
    {
      name: 'panel admin',
      subject: enterprise({ Apollo: { metadata_manage: [{ panel: 3 }] } }),
      expected: '/admin',
    },
    {
      name: 'staff with global access and every Administration view (no panel)',
      subject: {
        grants: {
          Administration: Object.fromEntries(
            ['units', 'users', 'signups', 'organisations', 'panels', 'isps', 'test_schedules'].map(
              (permission) => [permission, true as const],
            ),
          ),
        },
        accessibles: none,
        view: { type: 'signup' },
        hasGlobalAccess: true,
        isStaff: true,
      },
      expected: '/xenia',
    },
    {
      // Seeds 001 §6: /xenia would refuse them, so they fall to the next rule, never into a loop.
      name: 'staff with global access but not every Administration view',
      subject: {
        grants: { Administration: { users: true } },
        accessibles: none,
        view: { type: 'signup' },
        hasGlobalAccess: true,
        isStaff: true,
      },
      expected: '/logout',
    },
    {
      name: 'staff global developer (passes every check) without a panel',
      subject: {
        grants: { Global: { senior_developer: true }, Administration: { users: true } },
        accessibles: none,
        view: { type: 'signup' },
        hasGlobalAccess: true,
        isStaff: true,
      },
      expected: '/xenia',
    },
    {
      name: 'global access but not staff, no panel',
      subject: {
        grants: { Administration: { users: true } },
        accessibles: none,
        view: { type: 'signup' },
        hasGlobalAccess: true,
        isStaff: false,
      },
      expected: '/logout',
    },
    {
      name: 'data API only',
      subject: enterprise({ 'test-measurements': { data_api: [{ panel: 3 }] } }),
      expected: '/data-api',
    },
    {
      name: 'nothing permitted',
      subject: enterprise({ Apollo: { reports: [{ panel: 3 }] } }),
      expected: '/logout',
    },
    {
      name: 'undecided view',
      subject: {
        grants: {},
        accessibles: { ...panel3, units: [{ unitId: 1 }] },
        view: { type: 'redirect' },
        hasGlobalAccess: false,
        isStaff: false,
      },
      expected: '/redirect',
    },
  ])('$name → $expected', ({ subject, expected }) => {
    expect(defaultPath(subject)).toBe(expected)
  })
})
