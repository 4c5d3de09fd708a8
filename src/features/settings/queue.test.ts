import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import type { RegisteredMutation } from '../../offline/mutations'
import {
  emailPreferencesSave,
  SETTINGS_MUTATIONS,
  unitLocationSave,
  unitPackageSave,
} from './queue'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const label = (line: { label: unknown }) =>
  typeof line.label === 'string' ? line.label : i18n._(line.label as Parameters<typeof i18n._>[0])

const location = {
  sub: 's',
  unitId: 3,
  location: {
    address: {
      line1: '4 Beach Road',
      line2: 'Flat 2',
      line3: null,
      city: 'Napier',
      postcode: '4110',
      country_id: 158,
    },
  },
}
const pkg = {
  sub: 's',
  unitId: 3,
  update: { isp_id: 5, package_id: 12, changed_at: '2026-02-01' },
  names: { isp: 'One NZ', package: 'Fibre Max' },
}
const preferences = {
  sub: 's',
  preferences: {
    disconnection_alerts: true,
    performance_alerts: false,
    report_cards: true,
    product_news: false,
    alerts_paused_until: null,
  },
}

describe('the settings changes that can be queued', () => {
  it('have one key each and replace earlier saves of the same thing', () => {
    const keys = SETTINGS_MUTATIONS.map((m) => JSON.stringify(m.mutationKey))
    expect(new Set(keys).size).toBe(3)
    expect(SETTINGS_MUTATIONS.every((m) => m.replacesEarlier)).toBe(true)
  })

  it.each<{ name: string; change: RegisteredMutation; variables: unknown; lines: string[][] }>([
    {
      name: 'address',
      change: unitLocationSave,
      variables: location,
      lines: [
        ['Address', '4 Beach Road, Flat 2'],
        ['Town or city', 'Napier'],
        ['Postcode', '4110'],
      ],
    },
    {
      name: 'package',
      change: unitPackageSave,
      variables: pkg,
      lines: [
        ['Provider', 'One NZ'],
        ['Package', 'Fibre Max'],
        ['Change date', '2026-02-01'],
      ],
    },
    {
      name: 'email preferences',
      change: emailPreferencesSave,
      variables: preferences,
      lines: [
        ['Disconnection alerts', 'On'],
        ['Performance alerts', 'Off'],
        ['Monthly report cards', 'On'],
        ['Product news', 'Off'],
        ['Alerts paused until', 'Not paused'],
      ],
    },
  ])('$name: summarised for the pending changes panel', ({ change, variables, lines }) => {
    expect(change.summarize(variables)?.map((line) => [label(line), line.value])).toEqual(lines)
    expect(change.summarize({ garbage: true })).toBeNull()
  })

  it.each([
    {
      name: 'address',
      change: unitLocationSave,
      variables: location,
      target: {
        to: '/settings/personal-details/address',
        search: {
          line1: '4 Beach Road',
          line2: 'Flat 2',
          line3: '',
          city: 'Napier',
          postcode: '4110',
          country_id: '158',
        },
      },
    },
    {
      name: 'package',
      change: unitPackageSave,
      variables: pkg,
      target: {
        to: '/settings/broadband-details/update',
        search: { isp_id: '5', package_id: '12', changed_at: '2026-02-01' },
      },
    },
    {
      name: 'email preferences',
      change: emailPreferencesSave,
      variables: preferences,
      target: { to: '/settings/email-preferences' },
    },
  ])('$name: Edit opens its form with the values', ({ change, variables, target }) => {
    expect(change.edit(variables)).toEqual(target)
  })

  it('refetches the unit after a package change reaches the server', () => {
    expect(unitPackageSave.invalidates(pkg)).toEqual([
      ['settings', 'unit-package', 's', 3],
      ['settings', 'report-cards', 's'],
      ['units'],
    ])
  })
})
