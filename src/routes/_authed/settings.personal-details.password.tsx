import { createFileRoute } from '@tanstack/react-router'
import { PasswordPage } from '../../features/settings'

export const Route = createFileRoute('/_authed/settings/personal-details/password')({
  component: PasswordPage,
})
