import type { DemoAccount } from './demo-accounts.ts'
import { grants } from './schema.ts'
import type { SeedTx, UserIdOf } from './seed-context.ts'
import { personalUnitOf } from './seed-units.ts'

type Scope = Record<string, number | string> | null
type GrantSeed = [resource: string, permission: string, scope: Scope]

function onPanels(resource: string, permissions: string[], pids: number[]): GrantSeed[] {
  return permissions.flatMap((permission) =>
    pids.map((panel): GrantSeed => [resource, permission, { panel }]),
  )
}

/** The demo accounts' grants (the resources and scopes listed in seed.ts's header). */
export async function seedGrants(tx: SeedTx, uid: UserIdOf): Promise<void> {
  const agentOnOwnUnit = (owner: DemoAccount): GrantSeed[] => [
    ['Agent', 'trigger_testing', { unit: personalUnitOf(owner) }],
    ['Agent', 'unit_manage', { unit: personalUnitOf(owner) }],
  ]
  const grantSeeds: [DemoAccount, GrantSeed[]][] = [
    ['consumer', agentOnOwnUnit('consumer')],
    [
      'engineer',
      [
        ...onPanels('Unit', ['search', 'test_view', 'outages_view'], [3]),
        ...onPanels('test-measurements', ['barcode_scanner'], [3]),
        ...onPanels('Agent', ['trigger_testing'], [3]),
      ],
    ],
    [
      'analyst',
      [
        ...onPanels('Apollo', ['analytics', 'analytics_ui', 'agents_view'], [2, 3]),
        ...onPanels(
          'test-measurements',
          ['network_performance', 'advanced_analytics', 'maps', 'reports', 'data_api'],
          [2, 3],
        ),
        ...onPanels('anomaly-detection', ['view'], [2, 3]),
      ],
    ],
    [
      'admin',
      onPanels(
        'test-measurements',
        [
          'metadata_manage',
          'agents_manage',
          'agents_view',
          'admin_users_manage',
          'manage_products',
          'test_schedules_manage',
          'cpe_api_manage',
          'cpe_subscriptions_manage',
          'instant_test_api_manage',
        ],
        [2, 3],
      ),
    ],
    [
      // Southern Cross's super admin (org_super_admin on its owner, 2): users' super admin flag,
      // GDPR removal and the panel logo, beside the panel administrator's sections on panel 3.
      'superadmin',
      [
        ...onPanels('test-measurements', ['agents_view', 'admin_users_manage'], [3]),
        ['Owner', 'org_super_admin', { owner: 2 }],
      ],
    ],
    [
      'staff',
      [
        ['Global', 'senior_developer', null],
        ...['units', 'users', 'signups', 'organisations', 'panels', 'isps', 'test_schedules'].map(
          (permission): GrantSeed => ['Administration', permission, null],
        ),
      ],
    ],
    [
      'multi',
      [
        ...onPanels('Apollo', ['analytics', 'analytics_ui'], [1]),
        ...onPanels('test-measurements', ['reports', 'data_api'], [1]),
        ...agentOnOwnUnit('multi'),
      ],
    ],
    ['locked', agentOnOwnUnit('locked')],
    ['expired', agentOnOwnUnit('expired')],
    ['disabled', agentOnOwnUnit('disabled')],
    ['migrated', agentOnOwnUnit('migrated')],
  ]
  await tx.insert(grants).values(
    grantSeeds.flatMap(([user, list]) =>
      list.map(([resource, permission, scope]) => ({
        userId: uid(user),
        resource,
        permission,
        scope,
      })),
    ),
  )
}
