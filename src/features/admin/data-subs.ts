import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { GROUP_NAME_MAX, type DataSubscriptionFeature } from '#contracts/admin.ts'
import type { FieldCodes } from '../../forms'

/** The names of the features a data subscription and its groups give (seeds 001 §2.6). */
export const FEATURE_TEXT: Record<DataSubscriptionFeature, MessageDescriptor> = {
  analytics: msg`Analytics`,
  advanced_analytics: msg`Advanced analytics`,
  maps: msg`Maps`,
  reports: msg`Reports`,
  dashboards: msg`Dashboards`,
  data_api: msg`Data API`,
  anomaly_detection: msg`Anomaly detection`,
  unit_search: msg`Unit search`,
  instant_tests: msg`Instant tests`,
}

export type GroupFormField = 'name' | 'features'

/**
 * The group form's own check: a name of at most GROUP_NAME_MAX characters (the server says the
 * same, and EXISTS and the feature codes).
 */
export function groupProblems(input: { name: string }): FieldCodes<GroupFormField> {
  const name = input.name.trim()
  if (name === '') return { name: 'MISSING' }
  if (name.length > GROUP_NAME_MAX) return { name: { code: 'LENGTH_MAX', value: GROUP_NAME_MAX } }
  return {}
}

/** The group form's field of a server error's name: `features.3` is the features' fieldset. */
export function groupFieldOf(serverField: string): GroupFormField | null {
  if (serverField === 'name') return 'name'
  if (/^features(\.\d+)?$/.test(serverField)) return 'features'
  return null
}

/** How full a feature subscription is: seats left, none left, or more users than seats. */
export function seatState(used: number, seats: number): 'free' | 'full' | 'over' {
  if (used > seats) return 'over'
  return used === seats ? 'full' : 'free'
}

/**
 * Names listed in a cell (features, groups) in the reader's language: Arabic separates them by
 * the Arabic comma "،", the others by ", ". A separator only (no "and"): the names may be Latin.
 */
export function listNames(locale: string, names: readonly string[]): string {
  return names.join(locale.split('-')[0] === 'ar' ? '، ' : ', ')
}
