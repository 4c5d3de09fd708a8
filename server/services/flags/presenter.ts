import {
  FEATURE_FLAGS,
  resolveFlags,
  type FeatureFlag,
  type FlagScope,
  type FlagSetting,
  type FlagSettingInput,
  type MyFlags,
} from '../../../contracts/flags.ts'
import type { FlagPlace, FlagSettingRow } from './repository.ts'

const KNOWN = new Set<string>(FEATURE_FLAGS)

/** Rows of flags this version knows (a retired flag's rows stay until cleared). */
export function knownFlagRows(rows: readonly FlagSettingRow[]): FlagSettingRow[] {
  return rows.filter((row) => KNOWN.has(row.flag))
}

function scopeOf(row: FlagPlace): FlagScope {
  if (row.panelId !== null) return 'panel'
  return row.organisationId !== null ? 'organisation' : 'global'
}

/** One stored setting in the contract's shape (only known flags are stored: routes validate). */
export function presentSetting(row: FlagSettingRow): FlagSetting {
  return {
    flag: row.flag as FeatureFlag,
    scope: scopeOf(row),
    organisation_id: row.organisationId,
    panel_id: row.panelId,
    enabled: row.enabled,
    updated_at: row.updatedAt.toISOString(),
  }
}

/** The caller's resolved flags for an organisation and a panel. */
export function presentMyFlags(rows: readonly FlagSettingRow[], place: FlagPlace): MyFlags {
  const settings: FlagSettingInput[] = knownFlagRows(rows).map((row) => ({
    flag: row.flag as FeatureFlag,
    enabled: row.enabled,
    organisation_id: row.organisationId,
    panel_id: row.panelId,
  }))
  return {
    organisation_id: place.organisationId,
    panel_id: place.panelId,
    flags: resolveFlags(settings, place),
  }
}
