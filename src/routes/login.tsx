import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LoginPage } from '../features/auth'
import { redirectSignedIn } from '../session'

const LoginSearchSchema = v.object({
  continue: v.fallback(v.optional(v.string()), undefined),
  accountMigrated: v.fallback(v.optional(v.union([v.literal(true), v.literal('true')])), undefined),
})

export const Route = createFileRoute('/login')({
  validateSearch: LoginSearchSchema,
  beforeLoad: () => {
    redirectSignedIn()
  },
  component: LoginRoute,
})

function LoginRoute() {
  const search = Route.useSearch()
  return (
    <LoginPage
      continueTo={search.continue}
      accountMigrated={search.accountMigrated !== undefined}
    />
  )
}
