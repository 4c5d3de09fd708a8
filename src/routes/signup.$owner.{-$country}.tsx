import { useCallback } from 'react'
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import * as v from 'valibot'
import { SignupOwnerSchema } from '#contracts/signup-owner.ts'
import { SignupPage, stepMove } from '../features/signup'
import type { SaudiStep } from '../lib/signup-errors'

const id = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer())),
  undefined,
)

// Seeds 2.5: ?isp=&product= preselect; the Saudi form's step (back button and reload keep it).
const SearchSchema = v.object({
  isp: id,
  product: id,
  step: v.fallback(
    v.optional(
      v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1)),
    ),
    undefined,
  ),
})

// Seeds 2.5 /signup/{owner}/{country?}: public, no navigation bar; an unknown owner goes to /404.
export const Route = createFileRoute('/signup/$owner/{-$country}')({
  validateSearch: SearchSchema,
  beforeLoad: ({ params }) => {
    if (!v.is(SignupOwnerSchema, params.owner)) throw redirect({ to: '/404', replace: true })
  },
  // The study data is asked for as the route loads, not after the page's first render. Never
  // awaited: offline the page shows its own state (and the stored copy) instead of waiting here.
  loader: async ({ context }) => {
    // The data layer is loaded already for a visit (src/routes/__root.tsx), the queries' code
    // with the page's (its hints); a preload on intent loads them.
    const [queryClient, { signupMetadataQueryOptions }] = await Promise.all([
      context.loadQueryClient(),
      import('../features/signup/signup.queries'),
    ])
    // Retried as the page's own query would be (query() alone does not retry); a failure is the
    // page's to show (its query holds the error), not the router's.
    const retry = queryClient.getDefaultOptions().queries?.retry ?? false
    queryClient.query({ ...signupMetadataQueryOptions(), retry }).catch(() => undefined)
  },
  staticData: { hideNavbar: true },
  component: SignupRoute,
})

function SignupRoute() {
  const { owner, country } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const handleStep = useCallback(
    (step: SaudiStep, options: { replace: boolean }) => {
      const move = stepMove(step, options, {
        step: search.step,
        from: router.state.location.state.signupStepFrom,
      })
      if (move.kind === 'back') {
        router.history.back()
        return
      }
      void navigate({
        search: (prev) => ({ ...prev, step }),
        replace: move.replace,
        state: (prev) => ({ ...prev, signupStepFrom: move.from }),
      })
    },
    [navigate, router, search.step],
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
}
