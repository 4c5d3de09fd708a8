import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/mapping/presets')({
  beforeLoad: requireArea('mapping'),
  component: () => <AreaNotBuilt area="mappingPresets" />,
})
