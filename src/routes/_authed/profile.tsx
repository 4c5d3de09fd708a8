import { createFileRoute } from '@tanstack/react-router'
import { requireSessionCheck } from '../../session'
import { ProfilePage } from '../../features/profile'

// Seeds 000 §2.5: the profile is for signed-in users without units (volunteers).
export const Route = createFileRoute('/_authed/profile')({
  beforeLoad: requireSessionCheck((session) => session.accessibles.units.length === 0),
  component: ProfilePage,
})
