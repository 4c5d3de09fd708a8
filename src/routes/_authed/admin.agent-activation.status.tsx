import { createFileRoute } from '@tanstack/react-router'
import { ActivationStatusPage, requireActivationPart } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/agent-activation/status')({
  beforeLoad: requireActivationPart('status'),
  component: ActivationStatusPage,
})
