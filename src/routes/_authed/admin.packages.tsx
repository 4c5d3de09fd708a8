import { createFileRoute } from '@tanstack/react-router'
import { PackagesPage, requireAdminSection } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/packages')({
  beforeLoad: requireAdminSection('packages'),
  component: PackagesPage,
})
