import { createFileRoute } from '@tanstack/react-router'
import { SettingsLayout } from '../../features/settings'

// Seeds 000 §2.4: every settings page needs a session (the _authed guard) and has the sidebar.
export const Route = createFileRoute('/_authed/settings')({
  staticData: { sidebar: true },
  component: SettingsLayout,
})
