import { describe, expect, it } from 'vitest'
import {
  isExternalLink,
  isNavLinkPermitted,
  navLinks,
  permittedNavLinks,
  type NavFacts,
  type NavUserType,
} from './nav-links'
import { RESOURCE } from './permissions'

const PANEL = 3

type Grant = readonly [resource: string, permission: string]
const panel = (permission: string): Grant => [RESOURCE.panel, permission]

/** Facts for a user in a view, holding `grants` on the active panel (or unscoped outside it). */
function facts(
  userType: NavUserType,
  grants: Grant[] = [],
  extra: { hasGlobalAccess?: boolean; helpUrl?: string; grantPanel?: number } = {},
): NavFacts {
  if (userType === 'anonymous') return { userType, subject: null, helpUrl: extra.helpUrl }
  const view =
    userType === 'enterprise'
      ? { type: 'enterprise', panelId: PANEL }
      : { type: userType === 'volunteer' ? 'signup' : userType }
  const subject: NonNullable<NavFacts['subject']> = {
    grants: {},
    view,
    hasGlobalAccess: extra.hasGlobalAccess ?? false,
  }
  for (const [resource, permission] of grants) {
    subject.grants[resource] = {
      ...subject.grants[resource],
      [permission]: [{ panel: extra.grantPanel ?? PANEL }],
    }
  }
  return { userType, subject, helpUrl: extra.helpUrl }
}

const ADMINISTRATION = {
  Administration: Object.fromEntries(
    ['units', 'users', 'signups', 'organisations', 'panels', 'isps', 'test_schedules'].map(
      (permission) => [permission, true as const],
    ),
  ),
}

/** The facts with these grants (Administration or Global: global access). */
function withGrants(f: NavFacts, grants: NonNullable<NavFacts['subject']>['grants']): NavFacts {
  return f.subject ? { ...f, subject: { ...f.subject, grants } } : f
}

const ids = (f: NavFacts) => permittedNavLinks(f).map((l) => l.id)

describe('permittedNavLinks', () => {
  it.each([
    { who: 'anonymous visitor', f: facts('anonymous'), expected: ['faqs'] },
    { who: 'volunteer', f: facts('volunteer'), expected: ['faqs'] },
    {
      who: 'volunteer with global access still sees only FAQs',
      f: facts('volunteer', [], { hasGlobalAccess: true }),
      expected: ['faqs'],
    },
    { who: 'consumer', f: facts('consumer'), expected: ['dashboard', 'analytics', 'faqs'] },
    {
      who: 'consumer with enterprise grants (ignored outside the enterprise view)',
      f: facts('consumer', [panel('maps'), panel('data_api'), [RESOURCE.unit, 'search']]),
      expected: ['dashboard', 'analytics', 'faqs'],
    },
    { who: 'enterprise without grants', f: facts('enterprise'), expected: ['faqs'] },
    {
      who: 'enterprise with reports',
      f: facts('enterprise', [panel('reports')]),
      expected: ['dashboard', 'reports', 'faqs'],
    },
    {
      who: 'enterprise with analytics_ui',
      f: facts('enterprise', [panel('analytics_ui')]),
      expected: ['analytics', 'faqs'],
    },
    {
      who: 'enterprise with maps',
      f: facts('enterprise', [panel('maps')]),
      expected: ['mapping', 'faqs'],
    },
    {
      who: 'enterprise with anomaly detection',
      f: facts('enterprise', [[RESOURCE.anomalyDetection, 'view']]),
      expected: ['anomaly-detection', 'faqs'],
    },
    {
      who: 'enterprise with data_api',
      f: facts('enterprise', [panel('data_api')]),
      expected: ['data-export', 'faqs', 'apis'],
    },
    {
      who: 'enterprise with metadata_api_manage',
      f: facts('enterprise', [panel('metadata_api_manage')]),
      expected: ['faqs', 'apis'],
    },
    {
      who: 'enterprise with cpe_api_manage',
      f: facts('enterprise', [panel('cpe_api_manage')]),
      expected: ['faqs', 'apis'],
    },
    {
      who: 'enterprise with test_schedules_manage',
      f: facts('enterprise', [panel('test_schedules_manage')]),
      expected: ['test-manager', 'faqs'],
    },
    {
      who: 'enterprise with unit search (engineer)',
      f: facts('enterprise', [
        [RESOURCE.unit, 'search'],
        [RESOURCE.unit, 'test_view'],
      ]),
      expected: ['faqs', 'constant-care'],
    },
    {
      who: 'enterprise with agents_view (admin access)',
      f: facts('enterprise', [panel('agents_view')]),
      expected: ['admin', 'faqs'],
    },
    {
      who: 'enterprise with org_super_admin',
      f: facts('enterprise', [[RESOURCE.owner, 'org_super_admin']]),
      expected: ['admin', 'faqs'],
    },
    {
      // Seeds 001 §6: global access (every Administration view) opens admin and xenia; it is no
      // bypass of Unit search (issue 21 §1).
      who: 'staff with global access in the enterprise view',
      f: withGrants(facts('enterprise', [], { hasGlobalAccess: true }), ADMINISTRATION),
      expected: ['admin', 'faqs', 'internal-tools'],
    },
    {
      who: 'staff with global access in the admin view without a panel',
      f: withGrants(facts('admin', [], { hasGlobalAccess: true }), ADMINISTRATION),
      expected: ['faqs', 'internal-tools'],
    },
    {
      who: 'global access without every Administration view: no internal tools',
      f: withGrants(facts('admin', [], { hasGlobalAccess: true }), {
        Administration: { users: true },
      }),
      expected: ['faqs'],
    },
    {
      who: 'staff developer in the admin view: searches every panel',
      f: withGrants(facts('admin', [], { hasGlobalAccess: true }), {
        Global: { senior_developer: true },
      }),
      expected: ['faqs', 'internal-tools', 'constant-care'],
    },
    {
      who: 'analyst',
      f: facts('enterprise', [
        panel('analytics_ui'),
        panel('advanced_analytics'),
        panel('maps'),
        panel('reports'),
        panel('data_api'),
      ]),
      expected: ['dashboard', 'analytics', 'mapping', 'data-export', 'reports', 'faqs', 'apis'],
    },
    {
      who: 'enterprise with reports on another panel only',
      f: facts('enterprise', [panel('reports')], { grantPanel: 7 }),
      expected: ['faqs'],
    },
    {
      who: 'global developer in the enterprise view',
      f: facts('enterprise', [[RESOURCE.global, 'senior_developer']], { hasGlobalAccess: true }),
      expected: [
        'dashboard',
        'analytics',
        'mapping',
        'anomaly-detection',
        'data-export',
        'reports',
        'admin',
        'test-manager',
        'faqs',
        'internal-tools',
        'apis',
        'constant-care',
      ],
    },
    {
      who: 'signup view',
      f: facts('signup', [panel('reports')]),
      expected: ['faqs'],
    },
  ])('$who', ({ f, expected }) => {
    expect(ids(f)).toEqual(expected)
  })

  it('never permits network performance, even to a global developer', () => {
    const everything = facts('enterprise', [[RESOURCE.global, 'senior_developer']], {
      hasGlobalAccess: true,
    })
    expect(navLinks(everything).find((l) => l.id === 'network-performance')?.permitted).toBe(false)
    expect(ids(everything)).not.toContain('network-performance')
  })
})

describe('links', () => {
  it.each([
    { userType: 'consumer' as const, id: 'dashboard' as const, link: '/dashboard' },
    { userType: 'enterprise' as const, id: 'dashboard' as const, link: '/dashboards' },
    { userType: 'consumer' as const, id: 'analytics' as const, link: '/analytics' },
    { userType: 'enterprise' as const, id: 'analytics' as const, link: '/analytics/presets' },
    { userType: 'enterprise' as const, id: 'mapping' as const, link: '/mapping/presets' },
    { userType: 'enterprise' as const, id: 'anomaly-detection' as const, link: '/fault-finder' },
    { userType: 'enterprise' as const, id: 'constant-care' as const, link: '/units/search' },
    { userType: 'enterprise' as const, id: 'internal-tools' as const, link: '/xenia' },
    { userType: 'anonymous' as const, id: 'faqs' as const, link: '/hc' },
  ])('$id for $userType → $link', ({ userType, id, link }) => {
    expect(navLinks(facts(userType)).find((l) => l.id === id)?.link).toBe(link)
  })

  it('uses a configured help URL for FAQs', () => {
    const f = facts('consumer', [], { helpUrl: 'https://help.example.com/' })
    expect(navLinks(f).find((l) => l.id === 'faqs')?.link).toBe('https://help.example.com/')
  })

  it.each([
    { id: 'dashboard', pinned: true },
    { id: 'analytics', pinned: true },
    { id: 'mapping', pinned: true },
    { id: 'reports', pinned: false },
    { id: 'faqs', pinned: false },
  ])('$id default-pinned is $pinned', ({ id, pinned }) => {
    expect(navLinks(facts('enterprise')).find((l) => l.id === id)?.defaultPinned).toBe(pinned)
  })
})

describe('isNavLinkPermitted', () => {
  it('follows the same rule as the menu', () => {
    const f = facts('enterprise', [panel('reports')])
    expect(isNavLinkPermitted('reports', f)).toBe(true)
    expect(isNavLinkPermitted('mapping', f)).toBe(false)
  })
})

describe('isExternalLink', () => {
  it.each([
    { link: '/hc', external: false },
    { link: '/units/search', external: false },
    { link: 'https://help.example.com', external: true },
    { link: '//cdn.example.com/x', external: true },
  ])('$link → $external', ({ link, external }) => {
    expect(isExternalLink(link)).toBe(external)
  })
})
