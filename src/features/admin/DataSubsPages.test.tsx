import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import {
  DataSubscriptionPageSchema,
  DataSubscriptionSchema,
  DataSubscriptionUserPageSchema,
  SubscriptionGroupPageSchema,
  type DataSubscription,
  type DataSubscriptionUser,
  type SubscriptionGroup,
} from '#contracts/admin.ts'
import { apiErrorResponse, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { DataSubsDetailLayout } from './DataSubsDetailLayout'
import { DataSubsGroupsPage } from './DataSubsGroupsPage'
import { DataSubsPage } from './DataSubsPage'
import { DataSubsUsersPage } from './DataSubsUsersPage'
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
  features: [
    { feature: 'analytics', seats: 10, seats_used: 3 },
    { feature: 'anomaly_detection', seats: 3, seats_used: 3 },
  ],
  group_count: 1,
}

const GROUP: SubscriptionGroup = {
  id: 11,
  name: 'Network operations',
  features: ['analytics'],
  member_count: 2,
  created_at: '2026-11-01T09:00:00.000Z',
}

const page = <T,>(data: T[], total = data.length, current = 1, perPage = 50) => ({
  data,
  meta: {
    pagination: {
      total,
      count: data.length,
      per_page: perPage,
      current_page: current,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
    },
  },
})

const migrated = () => apiErrorResponse(403, { code: 'USER_MIGRATED' })

describe('DataSubsPage', () => {
  it('lists the panel’s data subscriptions from the server, by name', async () => {
    const seen: URLSearchParams[] = []
    server.use(
      http.get(adminUrl('/data-subscriptions'), ({ request }) => {
        seen.push(new URL(request.url).searchParams)
        return contractJson(DataSubscriptionPageSchema, page([SUB, { ...SUB, id: 8, name: 'B' }]))
      }),
    )
    await renderAsAdmin(<DataSubsPage />, { server })
    expect(await screen.findByText('2 data subscriptions')).toBeInTheDocument()
    expect(seen[0]?.get('sorts')).toBe('name')
    const [link] = screen.getAllByRole('link', { name: 'Southern Cross analytics' })
    expect(link).toHaveAttribute('href', '/admin/data-subs/7')
    expect(screen.getAllByText('Analytics, Anomaly detection').length).toBeGreaterThan(0)
  })

  it('tells a migrated account why it has no data subscriptions (USER_MIGRATED)', async () => {
    server.use(http.get(adminUrl('/data-subscriptions'), migrated))
    await renderAsAdmin(<DataSubsPage />, { server })
    expect(await screen.findByText('Data subscriptions are not available')).toBeInTheDocument()
    expect(screen.queryByRole('searchbox')).toBeNull()
  })
})

describe('DataSubsDetailLayout', () => {
  it('shows the subscription’s pages once loaded', async () => {
    server.use(
      http.get(adminUrl('/data-subscriptions/7'), () =>
        contractJson(v.object({ data: DataSubscriptionSchema }), { data: SUB }),
      ),
    )
    await renderAsAdmin(
      <DataSubsDetailLayout dataSubId={7}>
        <p>child page</p>
      </DataSubsDetailLayout>,
      { server },
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Southern Cross analytics' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Groups' })).toHaveAttribute(
      'href',
      '/admin/data-subs/7/groups',
    )
    expect(screen.getByText('child page')).toBeInTheDocument()
  })

  it('shows USER_MIGRATED instead of a broken page', async () => {
    server.use(http.get(adminUrl('/data-subscriptions/7'), migrated))
    await renderAsAdmin(
      <DataSubsDetailLayout dataSubId={7}>
        <p>child page</p>
      </DataSubsDetailLayout>,
      { server },
    )
    expect(await screen.findByText('Data subscriptions are not available')).toBeInTheDocument()
    expect(screen.queryByText('child page')).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Data subscription pages' })).toBeNull()
  })
})

function groupsServer(refusal: () => Response) {
  const sent: unknown[] = []
  const seen: URLSearchParams[] = []
  server.use(
    http.get(adminUrl('/data-subscriptions/7'), () =>
      contractJson(v.object({ data: DataSubscriptionSchema }), { data: SUB }),
    ),
    http.get(adminUrl('/data-subscriptions/7/groups'), ({ request }) => {
      seen.push(new URL(request.url).searchParams)
      return contractJson(SubscriptionGroupPageSchema, page([GROUP]))
    }),
    http.post(adminUrl('/data-subscriptions/7/groups'), async ({ request }) => {
      sent.push(await request.json())
      return refusal()
    }),
    http.put(adminUrl('/data-subscriptions/7/groups/11'), async ({ request }) => {
      sent.push(await request.json())
      return refusal()
    }),
  )
  return { sent, seen }
}

describe('DataSubsGroupsPage', () => {
  it('lists groups by name descending; the server’s EXISTS shows under the name', async () => {
    const { sent, seen } = groupsServer(() =>
      apiErrorResponse(400, { code: 'VALIDATION_FAIL', errors: { name: ['EXISTS'] } }),
    )
    await renderAsAdmin(<DataSubsGroupsPage dataSubId={7} />, { server })
    expect(await screen.findByText('1 group')).toBeInTheDocument()
    expect(seen[0]?.get('sorts')).toBe('-name')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create a group' }))
    await user.click(screen.getByRole('button', { name: 'Create the group' }))
    expect(screen.getAllByText('Please provide your group name.').length).toBeGreaterThan(0)
    expect(sent).toEqual([])
    const name = screen.getByRole('textbox', { name: /^Group name/ })
    await user.type(name, 'network OPERATIONS')
    await user.click(screen.getByRole('checkbox', { name: /^Analytics/ }))
    await user.click(screen.getByRole('button', { name: 'Create the group' }))
    expect(
      (await screen.findAllByText('This group name is already in use.')).length,
    ).toBeGreaterThan(0)
    expect(sent).toEqual([{ name: 'network OPERATIONS', features: ['analytics'] }])
    expect(name).toHaveFocus()
    // Nothing typed is lost.
    expect(name).toHaveValue('network OPERATIONS')
    expect(screen.getByRole('checkbox', { name: /^Analytics/ })).toBeChecked()
  })

  it('shows a feature the subscription lacks, and SEATS_EXCEEDED, on the features', async () => {
    let answer = () =>
      apiErrorResponse(400, { code: 'VALIDATION_FAIL', errors: { 'features.1': ['NOT_FOUND'] } })
    const { sent } = groupsServer(() => answer())
    await renderAsAdmin(<DataSubsGroupsPage dataSubId={7} />, { server })
    const user = userEvent.setup()
    const [edit] = await screen.findAllByRole('button', { name: 'Edit “Network operations”' })
    if (!edit) throw new Error('no edit button')
    await user.click(edit)
    const form = screen.getByRole('textbox', { name: /^Group name/ }).closest('form')
    if (!form) throw new Error('no form')
    const anomaly = within(form).getByRole('checkbox', { name: /^Anomaly detection/ })
    await user.click(anomaly)
    await user.click(within(form).getByRole('button', { name: 'Save the group' }))
    expect((await within(form).findAllByText('This feature could not be found.')).length).toBe(2)
    expect(sent).toEqual([
      { name: 'Network operations', features: ['analytics', 'anomaly_detection'] },
    ])

    answer = () =>
      apiErrorResponse(409, { code: 'SEATS_EXCEEDED', data: { features: ['anomaly_detection'] } })
    await user.click(within(form).getByRole('button', { name: 'Save the group' }))
    const seats = 'No seats left for this group’s members: Anomaly detection.'
    expect((await within(form).findAllByText(seats)).length).toBe(2)
    expect(within(form).getByRole('checkbox', { name: /^Analytics/ })).toHaveFocus()
    expect(anomaly).toBeChecked()
    expect(within(form).queryByText('The group could not be saved')).toBeNull()
  })
})

describe('DataSubsUsersPage', () => {
  const member = (id: number): DataSubscriptionUser => ({
    id,
    email: `member${String(id).padStart(2, '0')}@example.com`,
    first_name: 'Noor',
    last_name: 'Haddad',
    groups: id === 1 ? [{ id: 11, name: 'Network operations' }] : [],
    account_settings: {
      default_locale: 'en-GB',
      enabled: true,
      organisation: { id: 2, name: 'Southern Cross Networks' },
    },
  })

  it('shows 25 users a page with their groups, and asks the server for page 2', async () => {
    const seen: URLSearchParams[] = []
    server.use(
      http.get(adminUrl('/data-subscriptions/7/users'), ({ request }) => {
        const params = new URL(request.url).searchParams
        seen.push(params)
        const current = Number(params.get('page') ?? '1')
        const ids = current === 1 ? [1, 2, 3] : [26, 27]
        return contractJson(DataSubscriptionUserPageSchema, page(ids.map(member), 27, current, 25))
      }),
    )
    await renderAsAdmin(<DataSubsUsersPage dataSubId={7} />, { server })
    expect(await screen.findByText('27 users')).toBeInTheDocument()
    expect(seen[0]?.get('sorts')).toBe('-email')
    expect(seen[0]?.get('include')).toBe('groups,account_settings')
    expect(screen.getAllByText('Network operations').length).toBeGreaterThan(0)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => {
      expect(seen.at(-1)?.get('page')).toBe('2')
    })
    expect((await screen.findAllByText('member26@example.com')).length).toBeGreaterThan(0)
  })
})
