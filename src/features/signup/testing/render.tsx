import { useCallback } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createRootRoute, createRoute, Outlet, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { SIGNUP_OWNERS, SignupOwnerSchema } from '#contracts/signup.ts'
import { createQueryClient } from '../../../api/query-client'
import type { SaudiStep } from '../../../lib/signup-errors'
import { clearDraft } from '../draft'
import { deleteStored, STORES } from '../signup-store'
import { signupMetadataQueryOptions } from '../signup.queries'
import { SignupPage } from '../SignupPage'
import { createTestRouter, renderTestRouter, TestLocation } from '../../../testing/router'

/** The app's query client without retries (a refusal shows at once). */
export function signupTestClient(): QueryClient {
  const client = createQueryClient()
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  })
  return client
}

const id = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer())),
  undefined,
)
const SearchSchema = v.object({ isp: id, product: id, step: id })

/**
 * Renders the sign-up page at `path` in a router shaped like the app's route (same path, search
 * and owner check) with a /404 stand-in; the location is in an output labelled "current location".
 */
export async function renderSignup(path: string, client = signupTestClient()) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <TestLocation />
      </>
    ),
  })
  const signup = createRoute({
    getParentRoute: () => root,
    path: '/signup/$owner/{-$country}',
    validateSearch: SearchSchema,
    beforeLoad: ({ params }) => {
      if (!v.is(SignupOwnerSchema, params.owner)) throw redirect({ to: '/404', replace: true })
    },
    loader: () => {
      client.query(signupMetadataQueryOptions()).catch(() => undefined)
    },
    component: function SignupRoute() {
      const { owner, country } = signup.useParams()
      const search = signup.useSearch()
      const navigate = signup.useNavigate()
      const handleStep = useCallback(
        (step: SaudiStep, options: { replace: boolean }) => {
          void navigate({ search: (prev) => ({ ...prev, step }), replace: options.replace })
        },
        [navigate],
      )
      const handleSent = useCallback(() => {
        void navigate({ search: ({ step: _step, ...rest }) => rest, replace: true })
      }, [navigate])
      if (!v.is(SignupOwnerSchema, owner)) return null
      return (
        <SignupPage
          owner={owner}
          country={country}
          search={search}
          onStepChange={handleStep}
          onSent={handleSent}
        />
      )
    },
  })
  const notFound = createRoute({
    getParentRoute: () => root,
    path: '/404',
    component: () => <p>Page not found stand-in</p>,
  })
  const router = createTestRouter(root.addChildren([signup, notFound]), path)
  const view = await renderTestRouter(router, (shown) => (
    <QueryClientProvider client={client}>{shown}</QueryClientProvider>
  ))
  return { ...view, router, client }
}

/** Drops every draft and stored reference copy the sign-up tests may have left. */
export async function resetSignupStores(): Promise<void> {
  await Promise.all(
    SIGNUP_OWNERS.map((owner) => clearDraft(owner)).concat(
      ['metadata', 'country:158', 'country:195'].map((key) => deleteStored(STORES.reference, key)),
    ),
  )
}
