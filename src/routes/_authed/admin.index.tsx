import { createFileRoute, redirect } from '@tanstack/react-router'
import { firstAdminPath, NoAdminSection } from '../../features/admin'
import { getSession } from '../../session'

// /admin opens the first section the user's permissions allow on this panel.
export const Route = createFileRoute('/_authed/admin/')({
  beforeLoad: () => {
    const path = firstAdminPath(getSession())
    if (path !== null) throw redirect({ to: path, replace: true })
  },
  component: NoAdminSection,
})
