import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  activePanelId,
  canSearchUnits,
  hasAdminAccess,
  hasAnalyticsAccess,
  hasInternalAccess,
  hasPanelPermission,
  hasPermission,
  RESOURCE,
  type PermissionScope,
  type PermissionSubject,
} from './permissions'

/** Who is looking at the navigation bar; `anonymous` when nobody is signed in. */
export type NavUserType = 'volunteer' | 'consumer' | 'enterprise' | 'admin' | 'signup' | 'anonymous'

/** The app links of seeds 000 §2.2, in their default order. */
export const NAV_LINK_IDS = [
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
  'network-performance',
] as const
export type NavLinkId = (typeof NAV_LINK_IDS)[number]

/** Seeds 000 §3 "Nav link item". */
export type NavLinkItem = {
  id: NavLinkId
  name: MessageDescriptor
  icon: NavLinkId
  link: string
  description: MessageDescriptor
  defaultPinned: boolean
  permitted: boolean
}

/** What the rule needs to know about the session (null subject when signed out). */
export type NavFacts = {
  userType: NavUserType
  /** Grants, active view and global access: the session satisfies it. */
  subject: PermissionSubject | null
  /** A configured help centre address; `/hc` when absent. */
  helpUrl?: string | null
}

const API_PERMISSIONS = ['data_api', 'metadata_api_manage', 'cpe_api_manage'] as const

function activeScope(subject: PermissionSubject): PermissionScope | undefined {
  const panel = activePanelId(subject)
  return panel === null ? undefined : { panel }
}

type LinkRule = {
  id: NavLinkId
  name: MessageDescriptor
  description: MessageDescriptor
  defaultPinned: boolean
  link: (facts: NavFacts) => string
  permitted: (facts: NavFacts) => boolean
}

const enterprise = (facts: NavFacts) => facts.userType === 'enterprise'
// Panel permissions are asked about the panel in use (the permissions module knows the resource).
const panelPermission = (permission: string) => (facts: NavFacts) =>
  enterprise(facts) && hasPanelPermission(facts.subject, permission)
const scoped = (resource: string, permission: string) => (facts: NavFacts) =>
  enterprise(facts) &&
  facts.subject !== null &&
  hasPermission(facts.subject, resource, permission, activeScope(facts.subject))

const RULES: readonly LinkRule[] = [
  {
    id: 'dashboard',
    name: msg`Dashboard`,
    description: msg`Your results at a glance`,
    defaultPinned: true,
    link: (f) => (f.userType === 'enterprise' ? '/dashboards' : '/dashboard'),
    permitted: (f) => f.userType === 'consumer' || panelPermission('reports')(f),
  },
  {
    id: 'analytics',
    name: msg`Analytics`,
    description: msg`Charts, tables and saved presets`,
    defaultPinned: true,
    link: (f) => (f.userType === 'enterprise' ? '/analytics/presets' : '/analytics'),
    permitted: (f) => hasAnalyticsAccess(f.subject),
  },
  {
    id: 'mapping',
    name: msg`Mapping`,
    description: msg`Results on a map`,
    defaultPinned: true,
    link: () => '/mapping/presets',
    permitted: panelPermission('maps'),
  },
  {
    id: 'anomaly-detection',
    name: msg`Anomaly detection`,
    description: msg`Find faults across your units`,
    defaultPinned: false,
    link: () => '/fault-finder',
    permitted: scoped(RESOURCE.anomalyDetection, 'view'),
  },
  {
    id: 'data-export',
    name: msg`Data export`,
    description: msg`Build exports of your raw data`,
    defaultPinned: false,
    link: () => '/data-export',
    permitted: panelPermission('data_api'),
  },
  {
    id: 'reports',
    name: msg`Reports`,
    description: msg`Create and share reports`,
    defaultPinned: false,
    link: () => '/reports',
    permitted: panelPermission('reports'),
  },
  {
    id: 'admin',
    name: msg`Admin`,
    description: msg`Manage units, users and metadata`,
    defaultPinned: false,
    link: () => '/admin',
    permitted: (f) => enterprise(f) && hasAdminAccess(f.subject),
  },
  {
    id: 'test-manager',
    name: msg`Test manager`,
    description: msg`Manage test schedules`,
    defaultPinned: false,
    link: () => '/test-manager',
    permitted: panelPermission('test_schedules_manage'),
  },
  {
    id: 'faqs',
    name: msg`FAQs`,
    description: msg`Answers and support`,
    defaultPinned: false,
    link: (f) => f.helpUrl ?? '/hc',
    permitted: () => true,
  },
  {
    id: 'internal-tools',
    name: msg`Internal tools`,
    description: msg`Staff administration`,
    defaultPinned: false,
    link: () => '/xenia',
    // Seeds 001 §6: every Administration view permission and global access (the /xenia guard).
    permitted: (f) => f.subject !== null && hasInternalAccess(f.subject.grants),
  },
  {
    id: 'apis',
    name: msg`APIs`,
    description: msg`API tokens and documentation`,
    defaultPinned: false,
    link: () => '/apis',
    permitted: (f) => API_PERMISSIONS.some((p) => panelPermission(p)(f)),
  },
  {
    id: 'constant-care',
    name: msg`Constant care`,
    description: msg`Search units and view their tests`,
    defaultPinned: false,
    link: () => '/units/search',
    // Seeds 001 §2.4: Unit search on the selected panel (the /units guard); global access is no
    // bypass, a developer (staff) searches every panel from the admin view too.
    permitted: (f) =>
      (f.userType === 'enterprise' || f.userType === 'admin') && canSearchUnits(f.subject),
  },
  {
    id: 'network-performance',
    name: msg`Network performance`,
    description: msg`Network performance overview`,
    defaultPinned: false,
    link: () => '/network-performance',
    // Seeds 000 §2.2: the link exists but is never offered in this menu.
    permitted: () => false,
  },
]

// Seeds 000 §2.2: volunteers and visitors get only the help link (logout and language live elsewhere).
const RESTRICTED_USERS: readonly NavUserType[] = ['volunteer', 'anonymous']

/** Every app link with its address and whether the user may see it, in default order. */
export function navLinks(facts: NavFacts): NavLinkItem[] {
  const restricted = RESTRICTED_USERS.includes(facts.userType)
  return RULES.map((rule) => ({
    id: rule.id,
    name: rule.name,
    icon: rule.id,
    link: rule.link(facts),
    description: rule.description,
    defaultPinned: rule.defaultPinned,
    permitted: restricted ? rule.id === 'faqs' : rule.permitted(facts),
  }))
}

/** Only the links the user may see, in default order. */
export function permittedNavLinks(facts: NavFacts): NavLinkItem[] {
  return navLinks(facts).filter((l) => l.permitted)
}

/** Whether one app link is permitted: the same rule guards the area's route. */
export function isNavLinkPermitted(id: NavLinkId, facts: NavFacts): boolean {
  return navLinks(facts).some((l) => l.id === id && l.permitted)
}

/** Seeds 000 §2.2: an address containing `//` leaves the app and opens in a new tab. */
export function isExternalLink(link: string): boolean {
  return link.includes('//')
}
