import { createFileRoute } from '@tanstack/react-router'
import { CreateUserPage, requireAdminSection } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/users/new')({
  beforeLoad: requireAdminSection('users'),
  component: CreateUserPage,
})
