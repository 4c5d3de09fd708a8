import { createFileRoute, redirect } from '@tanstack/react-router'
import { firstAdminPath, NoAdminSection } from '../../features/admin'
import { defaultPath, getSession } from '../../session'

// Seeds 001 §2.6: /admin opens the first section the user may use on this panel, else
// switch-panel (other panels), else the default path; where that is /admin itself, a message.
export const Route = createFileRoute('/_authed/admin/')({
  beforeLoad: () => {
    const session = getSession()
    const path = firstAdminPath(session)
    if (path !== null) throw redirect({ to: path, replace: true })
    const fallback = defaultPath(session)
    if (fallback !== '/admin') throw redirect({ href: fallback, replace: true })
  },
  component: NoAdminSection,
})
