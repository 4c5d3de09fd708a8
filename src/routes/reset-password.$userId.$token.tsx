import { createFileRoute, notFound } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/auth'
import { adoptLinkLocale, LinkLocaleSearchSchema } from '../i18n/link-locale'
import { redirectSignedIn } from '../session'

// The mailed link names the language the mail was written in (?lang=ar-SA): the page opens in it.
export const Route = createFileRoute('/reset-password/$userId/$token')({
  validateSearch: LinkLocaleSearchSchema,
  beforeLoad: async ({ params, search }) => {
    if (!/^\d{1,10}$/.test(params.userId)) notFound({ throw: true })
    redirectSignedIn()
    await adoptLinkLocale(search.lang)
  },
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { userId, token } = Route.useParams()
  return <ResetPasswordPage key={token} userId={Number(userId)} token={token} />
}
