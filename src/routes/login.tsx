import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/auth'
import { LoginSearchSchema } from '../features/auth/login-search'
import { adoptLinkLocale } from '../i18n/link-locale'
import { redirectSignedIn } from '../session'

// Opened first by a visitor, /login renders without the router (src/navigation/sign-in-start.tsx);
// this route serves it when reached from another page, or for someone signed in.
export const Route = createFileRoute('/login')({
  validateSearch: LoginSearchSchema,
  beforeLoad: async ({ search }) => {
    redirectSignedIn()
    await adoptLinkLocale(search.lang)
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
