import { createFileRoute } from '@tanstack/react-router'
import { EmailPreferencesPage } from '../../features/settings'

export const Route = createFileRoute('/_authed/settings/email-preferences')({
  component: EmailPreferencesPage,
})
