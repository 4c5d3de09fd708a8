import { createFileRoute } from '@tanstack/react-router'
import { ActivationLogPage, requireActivationPart } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/agent-activation/log')({
  beforeLoad: requireActivationPart('log'),
  component: ActivationLogPage,
})
