import type { ReactNode } from 'react'
import type { Session } from '../../../session/index'
import { renderInTestRouter } from '../../../testing/router'

/** Renders `ui` as the page at `path` of a small in-memory router (links and locations work). */
export function renderInRouter(ui: ReactNode, path = '/somewhere') {
  return renderInTestRouter(ui, { path })
}

const PANEL_GRANT = [{ panel: 3 }]

/** Session fixtures of the seeds' user types. */
export function sessionFixture(kind: 'volunteer' | 'consumer' | 'enterprise' | 'multi'): Session {
  const base: Session = {
    userId: 7,
    sub: 'sub-7',
    email: `${kind}@example.com`,
    firstName: 'Sam',
    lastName: 'Jones',
    organisation: null,
    grants: {},
    accessibles: { apollo: [], units: [], volunteer: null, administration: null },
    preferences: {},
    view: { type: 'signup' },
    isStaff: false,
    hasGlobalAccess: false,
    ownerId: null,
    organisationOwnerId: null,
    migrated: false,
  }
  switch (kind) {
    case 'volunteer':
      return {
        ...base,
        accessibles: { ...base.accessibles, volunteer: { signupId: 1, owner: 'nz' } },
      }
    case 'consumer':
      return {
        ...base,
        grants: { Agent: { trigger_testing: [{ unit: 11 }] } },
        accessibles: { ...base.accessibles, units: [{ unitId: 11 }] },
        view: { type: 'consumer', unitId: 11 },
      }
    case 'enterprise':
      return {
        ...base,
        organisation: { id: 5, name: 'Acme Networks' },
        grants: {
          Apollo: {
            analytics_ui: PANEL_GRANT,
            reports: PANEL_GRANT,
            maps: PANEL_GRANT,
            data_api: PANEL_GRANT,
          },
          'test-measurements': {
            analytics_ui: PANEL_GRANT,
            reports: PANEL_GRANT,
            maps: PANEL_GRANT,
            data_api: PANEL_GRANT,
          },
        },
        accessibles: {
          ...base.accessibles,
          apollo: [
            { pid: 3, front_name: 'Zephyr Broadband' },
            { pid: 4, front_name: 'alpha panel' },
          ],
        },
        view: { type: 'enterprise', panelId: 3 },
      }
    case 'multi':
      return {
        ...sessionFixture('enterprise'),
        accessibles: {
          apollo: [{ pid: 3, front_name: 'Zephyr Broadband' }],
          units: [{ unitId: 11 }],
          volunteer: null,
          administration: null,
        },
      }
  }
}
