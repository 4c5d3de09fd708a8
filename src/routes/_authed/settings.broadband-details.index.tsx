import { createFileRoute } from '@tanstack/react-router'
import { BroadbandDetailsPage } from '../../features/settings'

export const Route = createFileRoute('/_authed/settings/broadband-details/')({
  component: BroadbandDetailsPage,
})
