import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'
import { PresetsBackground } from '../../features/shell/PresetsBackground'

export const Route = createFileRoute('/_authed/mapping/presets')({
  beforeLoad: requireArea('mapping'),
  component: () => (
    <PresetsBackground>
      <AreaNotBuilt area="mappingPresets" />
    </PresetsBackground>
  ),
})
