import { createFileRoute } from '@tanstack/react-router'
import { EmailPreferencesPage } from '../../features/settings'

// Seeds 000 §2.4: email preferences are also reachable at the top level (links in our emails).
export const Route = createFileRoute('/_authed/email-preferences')({
  component: EmailPreferencesRoute,
})

function EmailPreferencesRoute() {
  return <EmailPreferencesPage standalone />
}
