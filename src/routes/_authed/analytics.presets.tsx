import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { requireArea } from '../../session'
import { PresetsBackground } from '../../features/shell/PresetsBackground'
import {
  PRESET_SEARCH_DEFAULTS,
  PresetRouteSearchSchema,
  PresetsPage,
} from '../../features/presets'

// Issue 23 §4: the analyst's saved charts; tab, search, sort, page and size in the address.
export const Route = createFileRoute('/_authed/analytics/presets')({
  validateSearch: PresetRouteSearchSchema,
  search: { middlewares: [stripSearchParams(PRESET_SEARCH_DEFAULTS)] },
  beforeLoad: requireArea('analytics', (session) => session.view.type === 'enterprise'),
  component: AnalyticsPresetsRoute,
})

function AnalyticsPresetsRoute() {
  const { rename, name, ...search } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PresetsBackground>
      <PresetsPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
        rename={rename === undefined ? null : { id: rename, name: name ?? '' }}
        onRenameHandled={() =>
          void navigate({
            search: (prev) => ({ ...prev, rename: undefined, name: undefined }),
            replace: true,
          })
        }
      />
    </PresetsBackground>
  )
}
