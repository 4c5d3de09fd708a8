import { createFileRoute } from '@tanstack/react-router'
import { requireAdminSection, UsersPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/users/')({
  beforeLoad: requireAdminSection('users'),
  component: UsersPage,
})
