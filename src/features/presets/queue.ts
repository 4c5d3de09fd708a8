import { msg, t } from '@lingui/core/macro'
import * as v from 'valibot'
import { CHART_TYPES } from '#contracts/analytics.ts'
import { PRESET_VISIBILITIES, type PresetUpdateInput } from '#contracts/presets.ts'
import { presetKeys, setPresetArchived, setPresetStar, updatePreset } from '../../api/presets.api'
import { defineQueueableMutation, type RegisteredMutation } from '../../offline/mutations'

/**
 * The preset changes that can be made offline (issue 23 §5): star, archive and rename. Each
 * carries the preset's name (for the pending changes panel) and the version the edit started
 * from; a rename sends it as its precondition, so a replayed rename of a preset changed on the
 * server meanwhile is refused with 412 (shown in the panel, never written over).
 */
export const PRESET_STAR_KEY = ['presets', 'star'] as const
export const PRESET_ARCHIVE_KEY = ['presets', 'archive'] as const
export const PRESET_RENAME_KEY = ['presets', 'rename'] as const

const id = v.pipe(v.number(), v.integer(), v.minValue(1))

export const PresetStarChangeSchema = v.object({
  id,
  name: v.string(),
  version: v.number(),
  starred: v.boolean(),
})
export type PresetStarChange = v.InferOutput<typeof PresetStarChangeSchema>

export const PresetArchiveChangeSchema = v.object({
  id,
  name: v.string(),
  version: v.number(),
  archived: v.boolean(),
})
export type PresetArchiveChange = v.InferOutput<typeof PresetArchiveChangeSchema>

/** A rename: the preset as it was when the edit started (PUT sends it whole) with the new name. */
export const PresetRenameChangeSchema = v.object({
  id,
  version: v.number(),
  previousName: v.string(),
  name: v.string(),
  tags: v.array(v.string()),
  visibility: v.picklist(PRESET_VISIBILITIES),
  data: v.array(v.looseObject({ panel: v.number(), chartType: v.picklist(CHART_TYPES) })),
})
export type PresetRenameChange = v.InferOutput<typeof PresetRenameChangeSchema>

/** The PUT body of a rename (the version is its precondition). */
export function renameBody(change: PresetRenameChange): PresetUpdateInput {
  return {
    name: change.name,
    tags: change.tags,
    visibility: change.visibility,
    version: change.version,
    // The items as the server gave them: it validates them again on the way in.
    data: change.data as PresetUpdateInput['data'],
  }
}

const invalidates = () => [presetKeys.all]

export const presetStarSave = defineQueueableMutation({
  mutationKey: PRESET_STAR_KEY,
  label: msg`Preset star`,
  variables: PresetStarChangeSchema,
  mutationFn: ({ id, starred }) => setPresetStar(id, starred),
  summarize: ({ name, starred }) => [
    { label: msg`Preset`, value: name },
    { label: msg`Starred`, value: starred ? t`Yes` : t`No` },
  ],
  edit: () => ({ to: '/analytics/presets' }),
  invalidates,
})

export const presetArchiveSave = defineQueueableMutation({
  mutationKey: PRESET_ARCHIVE_KEY,
  label: msg`Preset archive`,
  variables: PresetArchiveChangeSchema,
  mutationFn: ({ id, archived }) => setPresetArchived(id, archived),
  summarize: ({ name, archived }) => [
    { label: msg`Preset`, value: name },
    { label: msg`Archived`, value: archived ? t`Yes` : t`No` },
  ],
  edit: ({ archived }) => ({
    to: '/analytics/presets',
    search: { tab: archived ? 'all' : 'archived' },
  }),
  invalidates,
})

export const presetRenameSave = defineQueueableMutation({
  mutationKey: PRESET_RENAME_KEY,
  label: msg`Preset name`,
  variables: PresetRenameChangeSchema,
  mutationFn: (change) => updatePreset(change.id, renameBody(change)),
  summarize: ({ previousName, name }) => [
    { label: msg`Name before`, value: previousName },
    { label: msg`New name`, value: name },
  ],
  // A refused rename (412: changed on the server meanwhile) is resolved in the list's rename
  // dialog, which shows their name beside this one.
  edit: ({ id, name }) => ({
    to: '/analytics/presets',
    search: { rename: String(id), name },
  }),
  invalidates,
})

/** Registered by src/offline/start-data-layer.ts before the restore. */
export const PRESET_MUTATIONS: readonly RegisteredMutation[] = [
  presetStarSave,
  presetArchiveSave,
  presetRenameSave,
]
