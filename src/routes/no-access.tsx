import { createFileRoute } from '@tanstack/react-router'
import { NoAccessPage } from '../features/auth'

export const Route = createFileRoute('/no-access')({
  component: NoAccessPage,
})
