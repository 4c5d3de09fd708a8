import { createFileRoute } from '@tanstack/react-router'
import { DataSubsPage, requireAdminSection } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/data-subs/')({
  beforeLoad: requireAdminSection('data-subs'),
  component: DataSubsPage,
})
