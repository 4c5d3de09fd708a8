import { ADMIN_PERMISSION } from '#contracts/admin-permissions.ts'
import { activePanelId, hasGrant, SECTION, type AccessSubject } from '#contracts/access.ts'

/**
 * Which parts of the admin area a user may use on the panel they work in (seeds 001 §6, issue
 * 25): the same grants the server's routes declare (test-measurements on the panel; the super
 * admin toggle under Owner). Pure, so the section navigation, the route guards and the buttons
 * read one rule.
 */
export type AdminAbilities = {
  panelId: number | null
  viewAgents: boolean
  manageAgents: boolean
  manageMetadata: boolean
  manageUsers: boolean
  superAdmin: boolean
  /** manage_products: the packages of the panel's ISPs. */
  manageProducts: boolean
  /** cpe_subscriptions_manage: agent activation status, export, import and log. */
  manageActivation: boolean
  /** cpe_api_manage: the agent-activation token. */
  manageActivationToken: boolean
  /** instant_test_api_manage: the Instant Test API's usage. */
  manageInstantTestApi: boolean
  /** The user can reach other panels (switch-panel, seeds 001 §2.6). */
  otherPanels: boolean
}

/** What the abilities read: the access subject, and the panels the user can reach if known. */
export type AdminSubject = AccessSubject & {
  accessibles?: { apollo: readonly { pid: number }[] }
}

/** The admin sections built so far, in the navigation's order. */
export const ADMIN_SECTIONS = [
  'agents',
  'users',
  'data-subs',
  'metadata',
  'packages',
  'activation',
  'instant-test-api-usage',
  'switch-panel',
] as const
export type AdminSection = (typeof ADMIN_SECTIONS)[number]

export function adminAbilities(subject: AdminSubject | null): AdminAbilities {
  const panelId = subject ? activePanelId(subject) : null
  const on = (permission: string) =>
    subject !== null &&
    panelId !== null &&
    hasGrant(subject.grants, SECTION.testMeasurements, permission, { panel: panelId })
  return {
    panelId,
    viewAgents: on(ADMIN_PERMISSION.agentsView),
    manageAgents: on(ADMIN_PERMISSION.agentsManage),
    manageMetadata: on(ADMIN_PERMISSION.metadataManage),
    manageUsers: on(ADMIN_PERMISSION.adminUsersManage),
    manageProducts: on(ADMIN_PERMISSION.manageProducts),
    manageActivation: on(ADMIN_PERMISSION.cpeSubscriptionsManage),
    manageActivationToken: on(ADMIN_PERMISSION.cpeApiManage),
    manageInstantTestApi: on(ADMIN_PERMISSION.instantTestApiManage),
    otherPanels:
      panelId !== null &&
      (subject?.accessibles?.apollo ?? []).some((panel) => panel.pid !== panelId),
    superAdmin:
      subject !== null &&
      panelId !== null &&
      hasGrant(subject.grants, SECTION.owner, ADMIN_PERMISSION.orgSuperAdmin),
  }
}

/** Whether the abilities open a section (its list's permission on the panel). */
export function mayUseSection(abilities: AdminAbilities, section: AdminSection): boolean {
  switch (section) {
    case 'agents':
      return abilities.viewAgents
    case 'users':
      return abilities.manageUsers
    case 'data-subs':
      // Seeds 001 §6: data subscriptions, feature subscriptions and groups: admin_users_manage.
      return abilities.manageUsers
    case 'metadata':
      return abilities.manageMetadata
    case 'packages':
      return abilities.manageProducts
    case 'activation':
      return abilities.manageActivation || abilities.manageActivationToken
    case 'instant-test-api-usage':
      return abilities.manageInstantTestApi
    case 'switch-panel':
      // Also the super admin's place for the panel's logo.
      return abilities.otherPanels || abilities.superAdmin
  }
}

/** The sections the subject may use, in order; `/admin` opens the first (switch-panel last). */
export function allowedAdminSections(subject: AdminSubject | null): AdminSection[] {
  const abilities = adminAbilities(subject)
  return ADMIN_SECTIONS.filter((section) => mayUseSection(abilities, section))
}

/** Each section's page. */
export const SECTION_PATH = {
  agents: '/admin/agents',
  users: '/admin/users',
  'data-subs': '/admin/data-subs',
  metadata: '/admin/metadata',
  packages: '/admin/packages',
  activation: '/admin/agent-activation',
  'instant-test-api-usage': '/admin/instant-test-api-usage',
  'switch-panel': '/admin/switch-panel',
} as const satisfies Record<AdminSection, string>

/**
 * Seeds 001 §2.6 `/admin`: the first section the user may use on this panel, else switch-panel
 * when they can reach other panels (both in ADMIN_SECTIONS' order), or null when neither.
 */
export function firstAdminPath(
  session: Parameters<typeof allowedAdminSections>[0],
): (typeof SECTION_PATH)[AdminSection] | null {
  const first = allowedAdminSections(session)[0]
  return first === undefined ? null : SECTION_PATH[first]
}
