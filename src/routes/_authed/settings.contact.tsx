import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../../features/settings'

export const Route = createFileRoute('/_authed/settings/contact')({
  component: ContactPage,
})
