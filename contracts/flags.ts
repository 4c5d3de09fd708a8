import * as v from 'valibot'
import { hasGlobalAccess } from './access.ts'
import type { Grants } from './auth.ts'
import { int4IdParam } from './primitives.ts'

/** Seeds 001 §3.4: the feature flags, by their service names. */
export const FEATURE_FLAGS = [
  'caf-show-self-serve-export',
  'cc-area-outage-alert',
  'multiple-metric-loading',
  'neutral-ui-improvements-v1',
  'show-active-agent-count-metric',
  'show-fault-finder-beta-banner',
  'show-fault-finder-call-cta',
  'show-fault-finder-feedback-cta',
  'show-google-drive-cloud-storage-metrics',
  'sidebar-improvements',
  'show-skipped-tests-metric',
  'show-web-based-jitter-metric',
] as const

export const FeatureFlagSchema = v.picklist(FEATURE_FLAGS)
export type FeatureFlag = v.InferOutput<typeof FeatureFlagSchema>

/**
 * Seeds 001 §6: managing feature flags needs the Administration permission; here any
 * Administration or Global grant (global access), as the staff area's users hold.
 */
export function canManageFlags(grants: Grants): boolean {
  return hasGlobalAccess(grants)
}

/** Every flag with its value: what a client reads. */
export type FlagValues = Record<FeatureFlag, boolean>

/** Where a setting applies; the more specific wins: panel > organisation > global. */
export const FLAG_SCOPES = ['global', 'organisation', 'panel'] as const
export const FlagScopeSchema = v.picklist(FLAG_SCOPES)
export type FlagScope = v.InferOutput<typeof FlagScopeSchema>

/** One stored setting of one flag. */
export const FlagSettingSchema = v.object({
  flag: FeatureFlagSchema,
  scope: FlagScopeSchema,
  /** Set for an organisation's setting, else null. */
  organisation_id: v.nullable(v.number()),
  /** Set for a panel's setting, else null. */
  panel_id: v.nullable(v.number()),
  enabled: v.boolean(),
  updated_at: v.string(),
})
export type FlagSetting = v.InferOutput<typeof FlagSettingSchema>

/** The input of the resolution: the settings that may apply to one caller. */
export type FlagSettingInput = Pick<FlagSetting, 'flag' | 'enabled'> & {
  organisation_id: number | null
  panel_id: number | null
}

/** Whom the flags are resolved for. */
export type FlagContext = { organisationId: number | null; panelId: number | null }

function specificity(setting: FlagSettingInput, context: FlagContext): number | null {
  if (setting.panel_id !== null) {
    return context.panelId !== null && setting.panel_id === context.panelId ? 3 : null
  }
  if (setting.organisation_id !== null) {
    return context.organisationId !== null && setting.organisation_id === context.organisationId
      ? 2
      : null
  }
  return 1
}

/**
 * Every flag's value for an organisation and a panel: off unless set; a panel's setting beats the
 * organisation's, which beats the global one. Settings for other organisations or panels are ignored.
 */
export function resolveFlags(
  settings: readonly FlagSettingInput[],
  context: FlagContext,
): FlagValues {
  const values = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FlagValues
  const rank = new Map<FeatureFlag, number>()
  for (const setting of settings) {
    const level = specificity(setting, context)
    if (level === null || level <= (rank.get(setting.flag) ?? 0)) continue
    rank.set(setting.flag, level)
    values[setting.flag] = setting.enabled
  }
  return values
}

/** GET /api/flags?panel=: the caller's flags for their organisation and that panel (or none). */
export const MyFlagsQuerySchema = v.object({ panel: v.optional(int4IdParam()) })
export type MyFlagsQuery = v.InferOutput<typeof MyFlagsQuerySchema>

const FlagValuesSchema = v.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, v.boolean()])) as Record<
    FeatureFlag,
    v.BooleanSchema<undefined>
  >,
)

export const MyFlagsSchema = v.object({
  data: v.object({
    organisation_id: v.nullable(v.number()),
    panel_id: v.nullable(v.number()),
    flags: FlagValuesSchema,
  }),
})
export type MyFlags = v.InferOutput<typeof MyFlagsSchema>['data']

/** GET /api/flags/settings: every stored setting (management). */
export const FlagSettingListSchema = v.object({ data: v.array(FlagSettingSchema) })
export const FlagSettingResponseSchema = v.object({ data: FlagSettingSchema })

/** PUT body of a setting. */
export const FlagSettingUpdateSchema = v.object({ enabled: v.boolean() })
export type FlagSettingUpdate = v.InferOutput<typeof FlagSettingUpdateSchema>

/** Path parameters of the management routes. */
export const FlagParamsSchema = v.object({ flag: FeatureFlagSchema })
export const FlagOrganisationParamsSchema = v.object({
  flag: FeatureFlagSchema,
  organisationId: int4IdParam(),
})
export const FlagPanelParamsSchema = v.object({ flag: FeatureFlagSchema, panelId: int4IdParam() })
