import type { FeatureFlag } from '../../contracts/flags.ts'
import type { Db } from './client.ts'
import { featureFlagSettings } from './schema.ts'

type FlagSeed = {
  flag: FeatureFlag
  enabled: boolean
  organisationId?: number
  panelId?: number
}

/**
 * The demo's feature-flag settings (seeds 001 §3.4): a few global defaults, one organisation's
 * choice and panel 3's area-outage alert (constant care's area outages are shown on panel 3 only).
 */
export const DEMO_FLAG_SETTINGS: readonly FlagSeed[] = [
  { flag: 'multiple-metric-loading', enabled: true },
  { flag: 'show-skipped-tests-metric', enabled: true },
  { flag: 'show-active-agent-count-metric', enabled: true },
  { flag: 'neutral-ui-improvements-v1', enabled: false },
  { flag: 'cc-area-outage-alert', enabled: false },
  // Southern Cross (organisation 2) tries the fault finder's beta banner on all its panels.
  { flag: 'show-fault-finder-beta-banner', enabled: true, organisationId: 2 },
  { flag: 'cc-area-outage-alert', enabled: true, panelId: 3 },
]

/** Inserts the demo flag settings (organisations and panels must exist). */
export async function seedFlags(db: Db): Promise<void> {
  await db.insert(featureFlagSettings).values(
    DEMO_FLAG_SETTINGS.map((setting) => ({
      flag: setting.flag,
      enabled: setting.enabled,
      organisationId: setting.organisationId ?? null,
      panelId: setting.panelId ?? null,
    })),
  )
}
