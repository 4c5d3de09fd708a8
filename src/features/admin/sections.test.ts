import { describe, expect, it } from 'vitest'
import type { Grants } from '#contracts/auth.ts'
import { adminAbilities, allowedAdminSections, firstAdminPath } from './sections'

const enterprise = (panelId: number) => ({ type: 'enterprise', panelId })
const tm = (permissions: string[], panel: number): Grants => ({
  'test-measurements': Object.fromEntries(permissions.map((p) => [p, [{ panel }]])),
})

describe('allowedAdminSections', () => {
  it.each([
    [
      'every admin permission',
      tm(['agents_view', 'admin_users_manage', 'metadata_manage'], 3),
      3,
      ['agents', 'users', 'data-subs', 'metadata'],
    ],
    ['metadata only', tm(['metadata_manage'], 3), 3, ['metadata']],
    ['users and data subscriptions', tm(['admin_users_manage'], 3), 3, ['users', 'data-subs']],
    ['grants on another panel', tm(['agents_view', 'metadata_manage'], 2), 3, []],
    ['agents_manage without agents_view', tm(['agents_manage'], 3), 3, []],
    ['the same names under Apollo', { Apollo: { agents_view: [{ panel: 3 }] } }, 3, []],
    ['packages: manage_products', tm(['manage_products'], 3), 3, ['packages']],
    [
      'activation: cpe_subscriptions_manage',
      tm(['cpe_subscriptions_manage'], 3),
      3,
      ['activation'],
    ],
    ['activation: the token alone (cpe_api_manage)', tm(['cpe_api_manage'], 3), 3, ['activation']],
    ['packages on another panel', tm(['manage_products', 'cpe_api_manage'], 2), 3, []],
    [
      'instant test API usage: instant_test_api_manage',
      tm(['instant_test_api_manage'], 3),
      3,
      ['instant-test-api-usage'],
    ],
    [
      'a global developer',
      { Global: { developer: true } },
      3,
      [
        'agents',
        'users',
        'data-subs',
        'metadata',
        'packages',
        'activation',
        'instant-test-api-usage',
        // Developers pass org_super_admin too: the panel's logo is changed there.
        'switch-panel',
      ],
    ],
    [
      'a super admin with one panel: switch-panel holds the panel’s logo',
      { ...tm(['admin_users_manage'], 3), Owner: { org_super_admin: [{ owner: 2 }] } },
      3,
      ['users', 'data-subs', 'switch-panel'],
    ],
  ] satisfies [string, Grants, number, string[]][])('%s', (_name, grants, panel, expected) => {
    expect(allowedAdminSections({ grants, view: enterprise(panel) })).toEqual(expected)
  })

  it('opens nothing without a panel or signed out', () => {
    const grants = tm(['agents_view'], 3)
    expect(allowedAdminSections({ grants, view: { type: 'consumer' } })).toEqual([])
    expect(allowedAdminSections(null)).toEqual([])
  })
})

describe('adminAbilities', () => {
  it('reads the super admin toggle from the Owner grant', () => {
    const grants: Grants = {
      ...tm(['admin_users_manage'], 3),
      Owner: { org_super_admin: [{ owner: 7 }] },
    }
    expect(adminAbilities({ grants, view: enterprise(3) })).toMatchObject({
      panelId: 3,
      manageUsers: true,
      superAdmin: true,
      manageAgents: false,
    })
    expect(
      adminAbilities({ grants: tm(['admin_users_manage'], 3), view: enterprise(3) }).superAdmin,
    ).toBe(false)
  })
})

describe('switch-panel and /admin (seeds 001 §2.6)', () => {
  const panels = (...pids: number[]) => ({ apollo: pids.map((pid) => ({ pid })) })

  it.each([
    {
      case: 'a section on this panel: /admin opens it, switch-panel comes last',
      grants: tm(['metadata_manage'], 3),
      apollo: panels(2, 3),
      sections: ['metadata', 'switch-panel'],
      first: '/admin/metadata',
    },
    {
      case: 'no section here but other panels: switch-panel',
      grants: tm(['metadata_manage'], 2),
      apollo: panels(2, 3),
      sections: ['switch-panel'],
      first: '/admin/switch-panel',
    },
    {
      case: 'no section and no other panel: nothing (the default path)',
      grants: tm(['metadata_manage'], 2),
      apollo: panels(3),
      sections: [],
      first: null,
    },
    {
      case: 'the panels not known: no switch-panel',
      grants: tm(['metadata_manage'], 3),
      apollo: undefined,
      sections: ['metadata'],
      first: '/admin/metadata',
    },
  ])('$case', ({ grants, apollo, sections, first }) => {
    const subject = { grants, view: enterprise(3), ...(apollo ? { accessibles: apollo } : {}) }
    expect(allowedAdminSections(subject)).toEqual(sections)
    expect(firstAdminPath(subject)).toBe(first)
  })
})
