import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireSessionCheck } from '../../features/placeholder'

// Seeds 000 §2.4: broadband details are for the consumer view.
export const Route = createFileRoute('/_authed/settings/broadband-details')({
  beforeLoad: requireSessionCheck((session) => session.view.type === 'consumer'),
  component: () => <AreaNotBuilt area="broadbandDetails" />,
})
