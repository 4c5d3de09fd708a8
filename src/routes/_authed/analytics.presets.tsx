import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/analytics/presets')({
  beforeLoad: requireArea('analytics', (session) => session.view.type === 'enterprise'),
  component: () => <AreaNotBuilt area="analyticsPresets" />,
})
