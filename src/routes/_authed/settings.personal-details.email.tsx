import { createFileRoute } from '@tanstack/react-router'
import { EmailPage } from '../../features/settings'

export const Route = createFileRoute('/_authed/settings/personal-details/email')({
  component: EmailPage,
})
