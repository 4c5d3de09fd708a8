import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ActivationLayout, requireAdminSection } from '../../features/admin'

// Seeds 001 §2.6: agent activation, its pages status, log and token.
export const Route = createFileRoute('/_authed/admin/agent-activation')({
  beforeLoad: requireAdminSection('activation'),
  component: () => (
    <ActivationLayout>
      <Outlet />
    </ActivationLayout>
  ),
})
