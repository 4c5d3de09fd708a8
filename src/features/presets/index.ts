export { PresetsPage, type PresetsPageProps } from './PresetsPage'
export {
  PRESET_SEARCH_DEFAULTS,
  PresetRouteSearchSchema,
  listSearchOf,
  type PresetRouteSearch,
} from './preset-route-search'
