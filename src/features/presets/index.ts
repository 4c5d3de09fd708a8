export { PresetsPage, type PresetsPageProps } from './PresetsPage'
export {
  PresetNameDialog,
  type PresetNameDialogProps,
  type PresetSaveMode,
} from './PresetNameDialog'
export {
  PRESET_SEARCH_DEFAULTS,
  PresetRouteSearchSchema,
  listSearchOf,
  type PresetRouteSearch,
} from './preset-route-search'
