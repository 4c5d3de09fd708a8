import { createFileRoute } from '@tanstack/react-router'
import { MetadataPage, requireAdminSection } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/metadata')({
  beforeLoad: requireAdminSection('metadata'),
  component: MetadataPage,
})
