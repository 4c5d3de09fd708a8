import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AdminLayout } from '../../features/admin'
import { requireArea } from '../../session'

// Issue 25: the admin area (admin access, seeds 001 §6); each section route checks its permission.
export const Route = createFileRoute('/_authed/admin')({
  beforeLoad: requireArea('admin'),
  component: () => (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  ),
})
