import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import type { DataSubscription } from '#contracts/admin.ts'
import { apiErrorResponse } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { DataSubsGroupForm } from './DataSubsGroupForm'
import { adminUrl, renderAsAdmin } from './testing/fixtures'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const SUB: DataSubscription = {
  id: 7,
  name: 'Southern Cross analytics',
  panel: 3,
  features: [{ feature: 'analytics', seats: 10, seats_used: 3 }],
  group_count: 1,
}

describe('DataSubsGroupForm: the name’s length (seeds 001 §8 group save errors)', () => {
  it('says a name over 100 characters is too long, with the limit, before sending', async () => {
    const sent: unknown[] = []
    server.use(
      http.post(adminUrl('/data-subscriptions/7/groups'), async ({ request }) => {
        sent.push(await request.json())
        return apiErrorResponse(500, { code: 'INTERNAL' })
      }),
    )
    await renderAsAdmin(<DataSubsGroupForm subscription={SUB} group={null} onDone={() => {}} />, {
      server,
    })
    const user = userEvent.setup()
    const name = screen.getByRole('textbox', { name: /^Group name/ })
    await user.click(name)
    await user.paste('x'.repeat(101))
    await user.click(screen.getByRole('button', { name: 'Create the group' }))
    expect(
      screen.getAllByText('Your group name can be at most 100 characters long.').length,
    ).toBeGreaterThan(0)
    expect(name).toHaveFocus()
    expect(sent).toEqual([])
  })

  it('shows the server’s LENGTH_MAX under the name with its value', async () => {
    server.use(
      http.post(adminUrl('/data-subscriptions/7/groups'), () =>
        apiErrorResponse(400, {
          code: 'VALIDATION_FAIL',
          errors: { name: ['LENGTH_MAX'] },
          values: { name: { LENGTH_MAX: 80 } },
        }),
      ),
    )
    await renderAsAdmin(<DataSubsGroupForm subscription={SUB} group={null} onDone={() => {}} />, {
      server,
    })
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: /^Group name/ }), 'Operations')
    await user.click(screen.getByRole('button', { name: 'Create the group' }))
    expect(
      (await screen.findAllByText('Your group name can be at most 80 characters long.')).length,
    ).toBeGreaterThan(0)
  })
})
