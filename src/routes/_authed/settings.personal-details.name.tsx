import { createFileRoute } from '@tanstack/react-router'
import { NamePage } from '../../features/settings'

export const Route = createFileRoute('/_authed/settings/personal-details/name')({
  component: NamePage,
})
