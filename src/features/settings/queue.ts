import { i18n } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import * as v from 'valibot'
import { EmailPreferencesSchema, UnitPackageUpdateSchema } from '#contracts/settings.ts'
import { UnitLocationUpdateSchema } from '#contracts/units.ts'
import { putEmailPreferences, putUnitLocation, putUnitPackage } from '../../api/settings.api'
import { unitKeys } from '../../api/units.api'
import { defineQueueableMutation, type RegisteredMutation } from '../../offline/mutations'
import { settingsKeys } from './settings.queries'

/** Key of the email-preferences PUT (a whole object). */
export const EMAIL_PREFERENCES_SAVE_KEY = ['settings', 'email-preferences', 'save'] as const
/** Key of the installation-address PUT of a unit. */
export const UNIT_LOCATION_SAVE_KEY = ['settings', 'unit-location', 'save'] as const
/** Key of the package PUT of a unit. */
export const UNIT_PACKAGE_SAVE_KEY = ['settings', 'unit-package', 'save'] as const

// Values are plain strings in the panel: translated when the panel renders (the active locale).
const onOff = (value: boolean) => (value ? t`On` : t`Off`)
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )

export const EmailPreferencesChangeSchema = v.object({
  sub: v.string(),
  preferences: EmailPreferencesSchema,
})
export type EmailPreferencesChange = v.InferOutput<typeof EmailPreferencesChangeSchema>

export const UnitLocationChangeSchema = v.object({
  sub: v.string(),
  unitId: v.number(),
  location: UnitLocationUpdateSchema,
})
export type UnitLocationChange = v.InferOutput<typeof UnitLocationChangeSchema>

export const UnitPackageChangeSchema = v.object({
  sub: v.string(),
  unitId: v.number(),
  update: UnitPackageUpdateSchema,
  /** The names chosen, for the pending changes panel (ids mean nothing to people). */
  names: v.object({ isp: v.string(), package: v.string() }),
})
export type UnitPackageChange = v.InferOutput<typeof UnitPackageChangeSchema>

/** The email-preferences save (whole object). */
export const emailPreferencesSave = defineQueueableMutation({
  mutationKey: EMAIL_PREFERENCES_SAVE_KEY,
  label: msg`Email preferences`,
  variables: EmailPreferencesChangeSchema,
  mutationFn: ({ sub, preferences }) => putEmailPreferences(sub, preferences),
  summarize: ({ preferences: p }) => [
    { label: msg`Disconnection alerts`, value: onOff(p.disconnection_alerts) },
    { label: msg`Performance alerts`, value: onOff(p.performance_alerts) },
    { label: msg`Monthly report cards`, value: onOff(p.report_cards) },
    { label: msg`Product news`, value: onOff(p.product_news) },
    {
      label: msg`Alerts paused until`,
      value: p.alerts_paused_until === null ? t`Not paused` : dateTime(p.alerts_paused_until),
    },
  ],
  edit: () => ({ to: '/settings/email-preferences' }),
  invalidates: ({ sub }) => [settingsKeys.emailPreferences(sub)],
  replacesEarlier: true,
})

/** The installation-address save of a unit. */
export const unitLocationSave = defineQueueableMutation({
  mutationKey: UNIT_LOCATION_SAVE_KEY,
  label: msg`Installation address`,
  variables: UnitLocationChangeSchema,
  mutationFn: ({ sub, unitId, location }) => putUnitLocation(sub, unitId, location),
  summarize: ({ location: { address } }) => [
    {
      label: msg`Address`,
      value: [address.line1, address.line2, address.line3].filter(Boolean).join(', '),
    },
    { label: msg`Town or city`, value: address.city },
    { label: msg`Postcode`, value: address.postcode },
  ],
  edit: ({ location: { address } }) => ({
    to: '/settings/personal-details/address',
    search: {
      line1: address.line1,
      line2: address.line2 ?? '',
      line3: address.line3 ?? '',
      city: address.city,
      postcode: address.postcode,
      country_id: address.country_id === null ? '' : String(address.country_id),
    },
  }),
  invalidates: ({ sub, unitId }) => [settingsKeys.unitLocation(sub, unitId), unitKeys.all],
  replacesEarlier: true,
})

/** The package change of a unit. */
export const unitPackageSave = defineQueueableMutation({
  mutationKey: UNIT_PACKAGE_SAVE_KEY,
  label: msg`Broadband package`,
  variables: UnitPackageChangeSchema,
  mutationFn: ({ sub, unitId, update }) => putUnitPackage(sub, unitId, update),
  summarize: ({ names, update }) => [
    { label: msg`Provider`, value: names.isp },
    { label: msg`Package`, value: names.package },
    { label: msg`Change date`, value: update.changed_at },
  ],
  edit: ({ update }) => ({
    to: '/settings/broadband-details/update',
    search: {
      isp_id: String(update.isp_id),
      package_id: String(update.package_id),
      changed_at: update.changed_at,
    },
  }),
  invalidates: ({ sub, unitId }) => [
    settingsKeys.unitPackage(sub, unitId),
    settingsKeys.reportCards(sub),
    unitKeys.all,
  ],
  replacesEarlier: true,
})

/** The settings changes that can be made offline (registered by src/offline/start-data-layer.ts before the restore). */
export const SETTINGS_MUTATIONS: readonly RegisteredMutation[] = [
  emailPreferencesSave,
  unitLocationSave,
  unitPackageSave,
]
