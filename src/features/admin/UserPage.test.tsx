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
  GdprRemovalResultSchema,
  SubscriptionGroupPageSchema,
  SubscriptionGroupSchema,
  type AdminAuditEntry,
  type AdminUserDetail,
  type DataSubscription,
  type SubscriptionGroup,
} from '#contracts/admin.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { adminSession, adminUrl, renderAsAdmin, userRow } from './testing/fixtures'
import { UserPage } from './UserPage'

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
const GroupResponse = v.object({ data: SubscriptionGroupSchema })

const SUB: DataSubscription = {
  id: 7,
  name: 'Constant Care 2026',
  panel: 3,
  features: [{ feature: 'unit_search', seats: 25, seats_used: 3 }],
  group_count: 2,
}
const group = (id: number, name: string): SubscriptionGroup => ({
  id,
  name,
  features: ['unit_search'],
  member_count: 1,
  created_at: '2026-11-01T09:00:00.000Z',
})
const FIELD = group(11, 'Field engineers')
const OPS = group(12, 'Network operations')

const page = <T,>(data: T[], total = data.length, current = 1) => ({
  data,
  meta: {
    pagination: {
      total,
      count: data.length,
      per_page: 50,
      current_page: current,
      total_pages: Math.max(1, Math.ceil(total / 50)),
    },
  },
})

const entry = (id: number, overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
  id,
  at: '2026-11-20T10:00:00.000Z',
  actor_id: 5,
  actor_email: 'admin@example.com',
  panel: 3,
  action: 'user.enabled',
  target_type: 'user',
  target_id: 2,
  before: { enabled: true },
  after: { enabled: false },
  ...overrides,
})

type Write = { method: string; path: string; body?: unknown }

/**
 * User 2 in group "Field engineers" of subscription 7, which also has "Network operations";
 * membership writes recorded and applied. `refuse` answers every write with that error.
 */
function userServer(
  options: { refuse?: Response; audit?: AdminAuditEntry[]; auditTotal?: number } = {},
) {
  let detail: AdminUserDetail = {
    user: userRow(2, { email: 'noor.haddad@example.com' }),
    role: 'power_user',
    groups: [{ id: 11, name: 'Field engineers', data_subscription: { id: 7, name: SUB.name } }],
  }
  const writes: Write[] = []
  const audits: URLSearchParams[] = []
  const memberUrl = adminUrl('/data-subscriptions/7/groups/:groupId/users/2')
  server.use(
    http.get(adminUrl('/users/2'), () => contractJson(UserResponse, { data: detail })),
    http.get(adminUrl('/users/2/audit'), ({ request }) => {
      const params = new URL(request.url).searchParams
      audits.push(params)
      return contractJson(
        AdminAuditPageSchema,
        page(options.audit ?? [], options.auditTotal, Number(params.get('page') ?? 1)),
      )
    }),
    http.get(adminUrl('/data-subscriptions'), () =>
      contractJson(DataSubscriptionPageSchema, page([SUB])),
    ),
    http.get(adminUrl('/data-subscriptions/7/groups'), () =>
      contractJson(SubscriptionGroupPageSchema, page([FIELD, OPS])),
    ),
    http.put(memberUrl, ({ params }) => {
      writes.push({ method: 'PUT', path: String(params.groupId) })
      if (options.refuse) return options.refuse
      const added = [FIELD, OPS].find((g) => String(g.id) === params.groupId) ?? OPS
      detail = {
        ...detail,
        groups: [
          ...detail.groups,
          { id: added.id, name: added.name, data_subscription: { id: 7, name: SUB.name } },
        ],
      }
      return contractJson(GroupResponse, { data: added })
    }),
    http.delete(memberUrl, ({ params }) => {
      writes.push({ method: 'DELETE', path: String(params.groupId) })
      if (options.refuse) return options.refuse
      detail = { ...detail, groups: detail.groups.filter((g) => String(g.id) !== params.groupId) }
      return contractJson(GroupResponse, { data: FIELD })
    }),
    http.post(apiUrl('admin', '/gdpr-removal/2'), async ({ request }) => {
      writes.push({ method: 'POST', path: 'gdpr-removal', body: await request.json() })
      if (options.refuse) return options.refuse
      detail = {
        ...detail,
        user: {
          ...detail.user,
          email: 'removed-2@removed.invalid',
          first_name: '',
          last_name: '',
          enabled: false,
          user_status: 'disabled',
        },
        groups: [],
      }
      return contractJson(GdprRemovalResultSchema, {
        data: { user_id: 2, removed: { users: 1, grants: 3 } },
      })
    }),
  )
  return { writes, audits }
}

const superAdmin = () => adminSession(undefined, { Owner: { org_super_admin: [{ owner: 2 }] } })

describe('UserPage: groups (add to a group, remove from one)', () => {
  it('lists the user’s groups with their subscription and adds them to another', async () => {
    const { writes } = userServer()
    await renderAsAdmin(<UserPage userId={2} />, { server })
    const list = await screen.findByRole('list', { name: 'Groups of this user' })
    expect(within(list).getByText('Field engineers')).toBeInTheDocument()
    expect(within(list).getByText('Constant Care 2026')).toBeInTheDocument()
    const user = userEvent.setup()
    const select = screen.getByRole('combobox', { name: /^Group/ })
    // The groups the user is already in are not offered.
    await waitFor(() => {
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a group', 'Network operations'])
    })
    await user.click(screen.getByRole('button', { name: 'Add to the group' }))
    expect(screen.getAllByText('Please provide your group.').length).toBeGreaterThan(0)
    expect(writes).toEqual([])
    await user.selectOptions(select, 'Network operations')
    await user.click(screen.getByRole('button', { name: 'Add to the group' }))
    expect(await screen.findByText('Added to “Network operations”.')).toBeInTheDocument()
    expect(writes).toEqual([{ method: 'PUT', path: '12' }])
    expect(await within(list).findByText('Network operations')).toBeInTheDocument()
  })

  it('removes the user from a group after confirming', async () => {
    const { writes } = userServer()
    await renderAsAdmin(<UserPage userId={2} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove from “Field engineers”' }))
    expect(writes).toEqual([])
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Removed from “Field engineers”.')).toBeInTheDocument()
    expect(writes).toEqual([{ method: 'DELETE', path: '11' }])
    expect(
      await screen.findByText('Not in any group of this panel’s data subscriptions.'),
    ).toBeInTheDocument()
  })

  it.each([
    {
      name: 'no seats left (409 SEATS_EXCEEDED)',
      refuse: () =>
        apiErrorResponse(409, { code: 'SEATS_EXCEEDED', data: { features: ['unit_search'] } }),
      message: 'No seats left for: Unit search. Free a seat or give the subscription more.',
    },
    {
      name: 'a migrated account (403 USER_MIGRATED)',
      refuse: () => apiErrorResponse(403, { code: 'USER_MIGRATED' }),
      message:
        'This account has moved to another platform: it cannot be in a data subscription’s groups.',
    },
  ])('says why an addition was refused: $name', async ({ refuse, message }) => {
    userServer({ refuse: refuse() })
    await renderAsAdmin(<UserPage userId={2} />, { server })
    const user = userEvent.setup()
    const select = await screen.findByRole('combobox', { name: /^Group/ })
    await waitFor(() => {
      expect(within(select).getAllByRole('option')).toHaveLength(2)
    })
    await user.selectOptions(select, 'Network operations')
    await user.click(screen.getByRole('button', { name: 'Add to the group' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByText('The user was not added')).toBeInTheDocument()
  })
})

describe('UserPage: change history', () => {
  it('shows who changed what, when, before → after, and pages through it', async () => {
    const { audits } = userServer({
      audit: [
        entry(2, {
          action: 'group.member_add',
          before: null,
          after: { data_subscription_id: 7, group_id: 11, group_name: 'Field engineers' },
        }),
        entry(1, {
          actor_email: null,
          actor_id: null,
          before: { role: 'home_user' },
          after: { role: 'power_user' },
          action: 'user.role',
        }),
      ],
      auditTotal: 120,
    })
    await renderAsAdmin(<UserPage userId={2} />, { server })
    expect(await screen.findByRole('heading', { name: 'Change history' })).toBeInTheDocument()
    // The table and the phone cards are both in the document.
    const shown = (text: string) => screen.getAllByText(text).length > 0
    expect((await screen.findAllByText('Added to a group')).length).toBeGreaterThan(0)
    expect(shown('Group: — → Field engineers')).toBe(true)
    expect(shown('Role: Home user → Power user')).toBe(true)
    expect(shown('admin@example.com')).toBe(true)
    expect(shown('Unknown')).toBe(true)
    expect(screen.getByText('120 changes')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Next/ }))
    await waitFor(() => {
      expect(audits.at(-1)?.get('page')).toBe('2')
    })
  })
})

describe('UserPage: GDPR removal', () => {
  it('is offered to a super admin only', async () => {
    userServer()
    const { unmount } = await renderAsAdmin(<UserPage userId={2} />, { server })
    await screen.findByRole('heading', { level: 1, name: 'Noor Haddad' })
    expect(screen.queryByRole('button', { name: 'Remove personal data…' })).toBeNull()
    unmount()
    deauthenticate()
    await renderAsAdmin(<UserPage userId={2} />, { server, session: superAdmin() })
    expect(await screen.findByRole('button', { name: 'Remove personal data…' })).toBeInTheDocument()
  })

  it('asks twice (the second time for the email address), then shows the user as removed', async () => {
    const { writes } = userServer()
    await renderAsAdmin(<UserPage userId={2} />, { server, session: superAdmin() })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove personal data…' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }))
    const dialog = screen.getByRole('dialog', { name: 'Type the user’s email address to confirm' })
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Email address/ }),
      'noor@example.com',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Remove personal data' }))
    expect(within(dialog).getByText('This is not the user’s email address.')).toBeInTheDocument()
    expect(writes).toEqual([])
    const field = within(dialog).getByRole('textbox', { name: /^Email address/ })
    await user.clear(field)
    await user.type(field, ' Noor.Haddad@example.com ')
    await user.click(within(dialog).getByRole('button', { name: 'Remove personal data' }))
    expect(await screen.findByText('This user’s personal data was removed')).toBeInTheDocument()
    expect(writes).toEqual([{ method: 'POST', path: 'gdpr-removal', body: { confirm: 2 } }])
    expect(screen.getByRole('heading', { level: 1, name: 'User 2' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull()
  })

  it('says why a removal was refused, and nothing changes', async () => {
    userServer({ refuse: apiErrorResponse(403, { code: 'FORBIDDEN' }) })
    await renderAsAdmin(<UserPage userId={2} />, { server, session: superAdmin() })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove personal data…' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }))
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByRole('textbox'), 'noor.haddad@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Remove personal data' }))
    expect(
      await screen.findByText(
        'Only a super admin of the organisation can remove a user’s personal data.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeInTheDocument()
  })
})

describe('UserPage: the group picker reaches every group (issue 25)', () => {
  /** 120 groups "Group 001"…"Group 120", 50 a page, searched by name as the server does. */
  function manyGroups() {
    const all = Array.from({ length: 120 }, (_, i) =>
      group(100 + i, `Group ${String(i + 1).padStart(3, '0')}`),
    )
    const asked: { search: string | null; page: number }[] = []
    server.use(
      http.get(adminUrl('/data-subscriptions/7/groups'), ({ request }) => {
        const params = new URL(request.url).searchParams
        const search = params.get('search')
        const current = Number(params.get('page') ?? 1)
        asked.push({ search, page: current })
        const matching = all.filter(
          (g) => search === null || g.name.toLowerCase().includes(search.toLowerCase()),
        )
        return contractJson(
          SubscriptionGroupPageSchema,
          page(matching.slice((current - 1) * 50, current * 50), matching.length, current),
        )
      }),
    )
    return asked
  }
  const optionNames = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent)

  it('loads the next page of groups on “Show more groups”, up to the last', async () => {
    userServer()
    const asked = manyGroups()
    await renderAsAdmin(<UserPage userId={2} />, { server })
    const user = userEvent.setup()
    const select = await screen.findByRole('combobox', { name: /^Group/ })
    expect(await screen.findByText('50 of 120 groups loaded')).toBeInTheDocument()
    expect(optionNames(select)).toHaveLength(51)
    await user.click(screen.getByRole('button', { name: 'Show more groups' }))
    expect(await screen.findByText('100 of 120 groups loaded')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show more groups' }))
    expect(await screen.findByText('120 of 120 groups loaded')).toBeInTheDocument()
    expect(optionNames(select)).toContain('Group 120')
    expect(screen.queryByRole('button', { name: 'Show more groups' })).toBeNull()
    expect(asked.map((a) => a.page)).toEqual([1, 2, 3])
  })

  it('asks the server for the groups whose name holds the search, and adds one of them', async () => {
    const { writes } = userServer()
    const asked = manyGroups()
    await renderAsAdmin(<UserPage userId={2} />, { server })
    const user = userEvent.setup()
    const select = await screen.findByRole('combobox', { name: /^Group/ })
    await screen.findByText('50 of 120 groups loaded')
    // Enter in the search field searches; it does not submit the add form.
    await user.type(screen.getByRole('searchbox', { name: /^Find a group/ }), 'group 11{Enter}')
    expect(await screen.findByText('10 of 10 groups loaded')).toBeInTheDocument()
    expect(asked.at(-1)).toEqual({ search: 'group 11', page: 1 })
    expect(optionNames(select)).toContain('Group 117')
    expect(writes).toEqual([])
    await user.selectOptions(select, 'Group 117')
    await user.click(screen.getByRole('button', { name: 'Add to the group' }))
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'PUT', path: '216' }])
    })
  })
})

describe('UserPage: change history of other organisations’ administrators (issue 25)', () => {
  it('names them by their role, as the server sends no address for them', async () => {
    userServer({
      audit: [
        entry(2, { actor_email: null, actor_id: null, actor_role: 'whitebox_staff' }),
        entry(1, { actor_email: null, actor_id: null, actor_role: 'other_organisation' }),
      ],
    })
    await renderAsAdmin(<UserPage userId={2} />, { server })
    expect((await screen.findAllByText('Whitebox staff')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('An administrator of another organisation').length).toBeGreaterThan(
      0,
    )
    expect(screen.queryByText('Unknown')).toBeNull()
  })
})
