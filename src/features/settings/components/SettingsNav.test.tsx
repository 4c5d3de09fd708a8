import { describe, expect, it } from 'vitest'
import type { Session } from '../../../session'
import { settingsNavItems } from './SettingsNav'

const base: Session = {
  userId: 1,
  sub: 's',
  email: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
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

describe('settingsNavItems (seeds 2.4)', () => {
  it.each<{ who: string; session: Session | null; expected: string[] }>([
    { who: 'nobody signed in', session: null, expected: [] },
    {
      who: 'a volunteer (no unit)',
      session: base,
      expected: ['/settings/personal-details', '/settings/email-preferences', '/settings/contact'],
    },
    {
      who: 'a consumer',
      session: {
        ...base,
        accessibles: { ...base.accessibles, units: [{ unitId: 1 }] },
        view: { type: 'consumer', unitId: 1 },
      },
      expected: [
        '/settings/personal-details',
        '/settings/broadband-details',
        '/settings/email-preferences',
        '/settings/report-cards',
        '/settings/contact',
        '/settings/my-whitebox',
      ],
    },
    {
      who: 'an enterprise user with a unit too',
      session: {
        ...base,
        accessibles: { ...base.accessibles, units: [{ unitId: 1 }] },
        view: { type: 'enterprise', panelId: 3 },
      },
      expected: [
        '/settings/personal-details',
        '/settings/email-preferences',
        '/settings/report-cards',
        '/settings/contact',
      ],
    },
  ])('$who', ({ session, expected }) => {
    expect(settingsNavItems(session).map((item) => item.to)).toEqual(expected)
  })
})
