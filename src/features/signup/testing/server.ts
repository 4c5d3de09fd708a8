import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { http, type HttpResponseResolver, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { signupReferenceHandlers } from './fixtures'
import { resetSignupStores } from './render'

/**
 * Test support: the sign-up tests' msw server (the reference endpoints, the form's POST to `postUrl`
 * answered by `reply`, then `handlers`), listening for the file's tests. After each test the
 * handlers, mocks, drafts and stored copies are reset and `sent`, the bodies POSTed, is emptied.
 */
export function setupSignupServer(
  postUrl: string,
  reply: HttpResponseResolver,
  ...handlers: RequestHandler[]
) {
  const sent: unknown[] = []
  const server = setupServer(
    ...signupReferenceHandlers(),
    ...handlers,
    http.post(postUrl, async (info) => {
      sent.push(await info.request.clone().json())
      return reply(info)
    }),
  )
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterEach(async () => {
    server.resetHandlers()
    sent.length = 0
    vi.restoreAllMocks()
    await resetSignupStores()
  })
  afterAll(() => {
    server.close()
  })
  return { server, sent }
}
