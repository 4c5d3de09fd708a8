import { createFileRoute } from '@tanstack/react-router'
import { ApiUsagePage, requireAdminSection } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/instant-test-api-usage')({
  beforeLoad: requireAdminSection('instant-test-api-usage'),
  component: ApiUsagePage,
})
