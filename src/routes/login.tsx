import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LoginPage } from '../features/auth'
import { adoptLinkLocale, LinkLocaleSearchSchema } from '../i18n/link-locale'
import { redirectSignedIn } from '../session'

// `lang`: the sign-up mail's link opens the page in the applicant's language (?lang=ar-SA).
const LoginSearchSchema = v.object({
  ...LinkLocaleSearchSchema.entries,
  continue: v.fallback(v.optional(v.string()), undefined),
  accountMigrated: v.fallback(v.optional(v.union([v.literal(true), v.literal('true')])), undefined),
})

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
