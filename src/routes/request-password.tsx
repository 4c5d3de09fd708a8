import { createFileRoute } from '@tanstack/react-router'
import { RequestPasswordPage } from '../features/auth'
import { redirectSignedIn } from '../session'

export const Route = createFileRoute('/request-password')({
  beforeLoad: () => {
    redirectSignedIn()
  },
  component: RequestPasswordPage,
})
