import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LogoutPage } from '../features/auth'
import { deauthenticate } from '../session'

const LogoutSearchSchema = v.object({
  accountMigrated: v.fallback(v.optional(v.union([v.literal(true), v.literal('true')])), undefined),
})

export const Route = createFileRoute('/logout')({
  validateSearch: LogoutSearchSchema,
  beforeLoad: ({ preload }) => {
    // Hovering a logout link preloads this route: only a real visit signs out (which also drops
    // the cached data: src/offline/data-layer.tsx).
    if (preload) return
    deauthenticate()
  },
  component: LogoutRoute,
})

function LogoutRoute() {
  const { accountMigrated } = Route.useSearch()
  return <LogoutPage accountMigrated={accountMigrated !== undefined} />
}
