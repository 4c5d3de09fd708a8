import { createFileRoute } from '@tanstack/react-router'
import { requireAdminSection, SwitchPanelPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/switch-panel')({
  beforeLoad: requireAdminSection('switch-panel'),
  component: SwitchPanelPage,
})
