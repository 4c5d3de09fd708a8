import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { requireArea } from '../../session'
import { PresetsBackground } from '../../features/shell/PresetsBackground'
import {
  PRESET_SEARCH_DEFAULTS,
  PresetRouteSearchSchema,
  PresetsPage,
  listSearchOf,
} from '../../features/presets'

// The same list, showing only presets with a chart drawn on a map (map, raw_map, geo_heatmap,
// lat_lon, raw_mobile; filtered on each page the server sends). The maps themselves come later.
export const Route = createFileRoute('/_authed/mapping/presets')({
  validateSearch: PresetRouteSearchSchema,
  search: { middlewares: [stripSearchParams(PRESET_SEARCH_DEFAULTS)] },
  beforeLoad: requireArea('mapping'),
  component: MappingPresetsRoute,
})

function MappingPresetsRoute() {
  const search = listSearchOf(Route.useSearch())
  const navigate = Route.useNavigate()
  return (
    <PresetsBackground>
      <PresetsPage
        mapsOnly
        search={search}
        onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
      />
    </PresetsBackground>
  )
}
