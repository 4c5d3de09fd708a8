import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { QueryClient } from '@tanstack/react-query'
import { apiUrl } from '../../api/testing/contract-handlers'
import { Route } from '../../routes/signup.$owner.{-$country}'
import { signupKeys } from './signup.queries'
import { STORES, writeStored } from './signup-store'
import { SA } from './testing/fixtures'
import { signupTestClient } from './testing/render'
import { setupSignupServer } from './testing/server'

const { server } = setupSignupServer(apiUrl('signup-sa', '/signup'), () => HttpResponse.json({}))

/** The real route's loader, called as the router calls it (only the context is read). */
function runLoader(queryClient: QueryClient): Promise<unknown> {
  const loader = Route.options.loader as unknown as (args: {
    context: { loadQueryClient: () => Promise<QueryClient> }
  }) => Promise<unknown>
  return loader({ context: { loadQueryClient: () => Promise.resolve(queryClient) } })
}

describe('the sign-up route loader', () => {
  it('starts the study data fetch as the route loads, without waiting for it', async () => {
    const client = signupTestClient()
    await expect(runLoader(client)).resolves.toBeUndefined()
    expect(client.getQueryState(signupKeys.metadata())?.fetchStatus).toBe('fetching')
    await waitFor(() => {
      expect(client.getQueryData(signupKeys.metadata())).toContainEqual(SA)
    })
  })

  it('does not block or throw when the network fails: the stored copy answers', async () => {
    server.use(http.get(apiUrl('zeus', '/signups/metadata'), () => HttpResponse.error()))
    await writeStored(STORES.reference, 'metadata', [SA])
    const client = signupTestClient()
    await expect(runLoader(client)).resolves.toBeUndefined()
    await waitFor(() => {
      expect(client.getQueryData(signupKeys.metadata())).toEqual([SA])
    })
  })

  it('retries a failed fetch as the page query would (the client default)', async () => {
    let calls = 0
    server.use(
      http.get(apiUrl('zeus', '/signups/metadata'), () => {
        calls += 1
        return calls === 1 ? new HttpResponse(null, { status: 503 }) : undefined
      }),
    )
    const client = signupTestClient()
    client.setDefaultOptions({
      queries: { ...client.getDefaultOptions().queries, retry: 1, retryDelay: 0 },
    })
    await runLoader(client)
    await waitFor(() => {
      expect(client.getQueryData(signupKeys.metadata())).toContainEqual(SA)
    })
    expect(calls).toBe(2)
  })

  it('leaves a failure without a stored copy to the page (the query errors, nothing throws)', async () => {
    server.use(http.get(apiUrl('zeus', '/signups/metadata'), () => HttpResponse.error()))
    const client = signupTestClient()
    await expect(runLoader(client)).resolves.toBeUndefined()
    await waitFor(() => {
      expect(client.getQueryState(signupKeys.metadata())?.status).toBe('error')
    })
  })
})
