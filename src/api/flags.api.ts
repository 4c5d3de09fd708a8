import {
  FlagSettingListSchema,
  FlagSettingResponseSchema,
  MyFlagsSchema,
  type FeatureFlag,
  type FlagSetting,
  type MyFlags,
} from '#contracts/flags.ts'
import * as v from 'valibot'
import { request } from './http'

/** GET /api/flags?panel=: the caller's flags for their organisation and that panel (null: none). */
export async function getMyFlags(panelId: number | null, signal?: AbortSignal): Promise<MyFlags> {
  return (
    await request('flags', '', {
      schema: MyFlagsSchema,
      query: { panel: panelId ?? undefined },
      signal,
    })
  ).data
}

/** Where a managed setting applies. */
export type FlagPlace =
  | { scope: 'global' }
  | { scope: 'organisation'; organisationId: number }
  | { scope: 'panel'; panelId: number }

function settingPath(flag: FeatureFlag, place: FlagPlace): string {
  switch (place.scope) {
    case 'global':
      return `/settings/${flag}`
    case 'organisation':
      return `/settings/${flag}/organisations/${String(place.organisationId)}`
    case 'panel':
      return `/settings/${flag}/panels/${String(place.panelId)}`
  }
}

/** GET /api/flags/settings: every stored setting (staff area; global access). */
export async function getFlagSettings(signal?: AbortSignal): Promise<FlagSetting[]> {
  return (await request('flags', '/settings', { schema: FlagSettingListSchema, signal })).data
}

/** PUT a flag's setting at a place (staff area; global access). */
export async function putFlagSetting(
  flag: FeatureFlag,
  place: FlagPlace,
  enabled: boolean,
): Promise<FlagSetting> {
  return (
    await request('flags', settingPath(flag, place), {
      method: 'PUT',
      body: { enabled },
      schema: FlagSettingResponseSchema,
    })
  ).data
}

/** DELETE a flag's setting at a place: the next less specific one applies again. */
export async function deleteFlagSetting(flag: FeatureFlag, place: FlagPlace): Promise<void> {
  await request('flags', settingPath(flag, place), { method: 'DELETE', schema: v.unknown() })
}
