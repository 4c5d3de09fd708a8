import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import {
  AdminAuditPageSchema,
  AdminUserDetailSchema,
  DataSubscriptionPageSchema,
  AdminUserPageSchema,
  type AdminUserDetail,
} from '#contracts/admin.ts'
import { apiErrorResponse, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { CreateUserPage } from './CreateUserPage'
import { adminSession, adminUrl, renderAsAdmin, userRow } from './testing/fixtures'
import { UserPage } from './UserPage'
import { UsersPage } from './UsersPage'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const UserResponse = v.object({ data: AdminUserDetailSchema })

function usersServer() {
  const seen: URLSearchParams[] = []
  const rows = [userRow(1, { email: 'zed@example.com' }), userRow(2, { user_status: 'locked_out' })]
  server.use(
    http.get(adminUrl('/users'), ({ request }) => {
      const params = new URL(request.url).searchParams
      seen.push(params)
      const search = params.get('search')
      const data = rows.filter((row) => search === null || row.email.includes(search))
      return contractJson(AdminUserPageSchema, {
        data,
        meta: {
          pagination: {
            total: data.length,
            count: data.length,
            per_page: 50,
            current_page: 1,
            total_pages: 1,
          },
        },
      })
    }),
  )
  return seen
}

describe('UsersPage', () => {
  it('lists users by email descending, with their status, and searches', async () => {
    const seen = usersServer()
    await renderAsAdmin(<UsersPage />, { server })
    expect(await screen.findByText('2 users')).toBeInTheDocument()
    expect(seen[0]?.get('sorts')).toBe('-email')
    const table = screen.getByRole('table', { name: 'Users' })
    expect(within(table).getByText('Locked out')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed{Enter}')
    expect(await screen.findByText('1 user')).toBeInTheDocument()
    expect(seen.at(-1)?.get('search')).toBe('zed')
  })

  it('finds a user by email, and says EMAIL_NOT_FOUND under the field', async () => {
    usersServer()
    server.use(
      http.post(adminUrl('/users/lookup'), () =>
        apiErrorResponse(404, { code: 'EMAIL_NOT_FOUND' }),
      ),
    )
    await renderAsAdmin(<UsersPage />, { server })
    await screen.findByText('2 users')
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: /^Email address/ })
    await user.click(screen.getByRole('button', { name: 'Find' }))
    expect(
      (await screen.findAllByText('Please provide your email address.')).length,
    ).toBeGreaterThan(0)
    await user.type(field, 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    expect(
      (await screen.findAllByText('This email address could not be found.')).length,
    ).toBeGreaterThan(0)
    expect(field).toHaveFocus()
  })
})

function userServer(detail: AdminUserDetail) {
  const writes: { path: string; body: unknown }[] = []
  let current = detail
  const none = {
    data: [],
    meta: { pagination: { total: 0, count: 0, per_page: 50, current_page: 1, total_pages: 1 } },
  }
  server.use(
    http.get(adminUrl('/users/2'), () => contractJson(UserResponse, { data: current })),
    // The page's groups and change history (UserPage.test.tsx tests them).
    http.get(adminUrl('/users/2/audit'), () => contractJson(AdminAuditPageSchema, none)),
    http.get(adminUrl('/data-subscriptions'), () => contractJson(DataSubscriptionPageSchema, none)),
    http.put(adminUrl('/users/2/enabled'), async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean }
      writes.push({ path: 'enabled', body })
      current = {
        ...current,
        user: {
          ...current.user,
          enabled: body.enabled,
          user_status: body.enabled ? 'enabled' : 'disabled',
        },
      }
      return contractJson(UserResponse, { data: current })
    }),
    http.post(adminUrl('/users/2/unlock'), () => {
      writes.push({ path: 'unlock', body: null })
      return contractJson(v.object({ code: v.string() }), { code: 'OK' })
    }),
  )
  return writes
}

describe('UserPage', () => {
  const locked: AdminUserDetail = {
    user: userRow(2, { user_status: 'locked_out' }),
    role: 'power_user',
    groups: [{ id: 1, name: 'Field team', data_subscription: { id: 7, name: 'Constant Care' } }],
  }

  it('shows details and unlocks by sending a reset, after confirming', async () => {
    const writes = userServer(locked)
    await renderAsAdmin(<UserPage userId={2} />, { server })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Power user')).toBeInTheDocument()
    expect(screen.getByText('Field team')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Unlock: send a password reset' }))
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Send the link' }),
    )
    expect(
      await screen.findByText('A link to set a new password is on its way to the user.'),
    ).toBeInTheDocument()
    expect(writes).toEqual([{ path: 'unlock', body: null }])
  })

  it('disables the user', async () => {
    const writes = userServer(locked)
    await renderAsAdmin(<UserPage userId={2} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Disable' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }))
    await waitFor(() => {
      expect(writes).toEqual([{ path: 'enabled', body: { enabled: false } }])
    })
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeInTheDocument()
  })

  it('offers the super admin toggle only with org_super_admin', async () => {
    userServer(locked)
    const { unmount } = await renderAsAdmin(<UserPage userId={2} />, { server })
    await screen.findByText('Power user')
    expect(screen.queryByRole('button', { name: 'Make super admin' })).toBeNull()
    unmount()
    deauthenticate()
    await renderAsAdmin(<UserPage userId={2} />, {
      server,
      session: adminSession(undefined, { Owner: { org_super_admin: [{ owner: 2 }] } }),
    })
    expect(await screen.findByRole('button', { name: 'Make super admin' })).toBeInTheDocument()
  })
})

describe('CreateUserPage', () => {
  it('checks the fields, then shows the server’s EXISTS under the email', async () => {
    const sent: unknown[] = []
    server.use(
      http.post(adminUrl('/users'), async ({ request }) => {
        sent.push(await request.json())
        return apiErrorResponse(400, { code: 'VALIDATION_FAILED', errors: { email: ['EXISTS'] } })
      }),
    )
    await renderAsAdmin(<CreateUserPage />, { server })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create the user' }))
    expect(screen.getAllByText('Please provide your email address.').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Please provide your last name.').length).toBeGreaterThan(0)
    expect(sent).toEqual([])
    const email = screen.getByRole('textbox', { name: /^Email address/ })
    await user.type(email, 'not-an-address')
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Noor')
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Haddad')
    await user.click(screen.getByRole('button', { name: 'Create the user' }))
    expect(screen.getAllByText('This email address is invalid.').length).toBeGreaterThan(0)
    expect(sent).toEqual([])

    await user.clear(email)
    await user.type(email, 'taken@example.com')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Role/ }), 'administrator')
    await user.click(screen.getByRole('button', { name: 'Create the user' }))
    expect(
      (await screen.findAllByText('This email address is already in use.')).length,
    ).toBeGreaterThan(0)
    expect(sent).toEqual([
      {
        email: 'taken@example.com',
        first_name: 'Noor',
        last_name: 'Haddad',
        role: 'administrator',
      },
    ])
    expect(email).toHaveFocus()
  })

  it('creates the user and opens their page', async () => {
    server.use(
      http.post(adminUrl('/users'), () =>
        contractJson(
          UserResponse,
          { data: { user: userRow(9), role: 'home_user', groups: [] } },
          { status: 201, headers: { location: '/api/admin/panels/3/users/9' } },
        ),
      ),
    )
    const { router } = await renderAsAdmin(<CreateUserPage />, { server })
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: /^Email address/ }), 'new@example.com')
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Noor')
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Haddad')
    await user.click(screen.getByRole('button', { name: 'Create the user' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/user/9')
    })
  })
})
