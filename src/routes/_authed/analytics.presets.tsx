import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'
import { PresetsBackground } from '../../features/shell/PresetsBackground'

export const Route = createFileRoute('/_authed/analytics/presets')({
  beforeLoad: requireArea('analytics', (session) => session.view.type === 'enterprise'),
  component: () => (
    <PresetsBackground>
      <AreaNotBuilt area="analyticsPresets" />
    </PresetsBackground>
  ),
})
