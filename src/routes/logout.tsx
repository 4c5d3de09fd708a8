import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LogoutPage } from '../features/auth'
import { deauthenticate } from '../session'

const LogoutSearchSchema = v.object({
  accountMigrated: v.fallback(v.optional(v.union([v.literal(true), v.literal('true')])), undefined),
})

export const Route = createFileRoute('/logout')({
  validateSearch: LogoutSearchSchema,
  beforeLoad: ({ context, preload }) => {
    // Hovering a logout link preloads this route: only a real visit signs out.
    if (preload) return
    deauthenticate()
    context.queryClient.clear()
  },
  component: LogoutRoute,
})

function LogoutRoute() {
  const { accountMigrated } = Route.useSearch()
  return <LogoutPage accountMigrated={accountMigrated !== undefined} />
}
