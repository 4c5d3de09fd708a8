import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import {
  SignupCodes,
  SignupProfileResponseSchema,
  type SignupProfile,
  type SignupProfileUpdate,
} from '#contracts/signup.ts'
import { createQueryClient } from '../../api/query-client'
import {
  apiErrorResponse,
  apiUrl,
  contractJson,
  makeAccessToken,
  signInHandlers,
} from '../../api/testing/contract-handlers'
import { reportNetworkFailure } from '../../offline/online-state'
import { FLAG_KEYS } from '../../session/local-flags'
import type { Session } from '../../session/session.types'
import { clearStore, loadFromStorage } from '../../session/store'
import { writeTokens } from '../../session/tokens'
import { signupReferenceHandlers } from '../signup/testing/fixtures'
import { ProfilePage } from './ProfilePage'
import { profileKeys } from './profile.queries'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const VOLUNTEER = { userId: 21, sub: 'sub-21' } as const
const ACCESSIBLES = {
  apollo: [],
  units: [],
  volunteer: { signupId: 5, owner: 'nz' },
  administration: null,
}

const PROFILE: SignupProfile = {
  id: 5,
  owner: 'nz',
  status: 'selected',
  editable: true,
  first_name: 'Liam',
  last_name: 'Parata',
  email: 'volunteer@example.com',
  mobile_number: '021 555 0101',
  country: { id: 158, name: 'New Zealand', code: 'NZ' },
  region: 'wgn',
  city: 'Wellington',
  postcode: '6011',
  fibre_availability: null,
  isp: { id: 3, name: 'Spark' },
  isp_other: null,
  package: { id: 31, name: 'Fibre Max' },
  package_other: null,
  installation_address: {
    line1: '12 Karaka Street',
    line2: null,
    line3: null,
    city: 'Wellington',
    postcode: '6011',
    country_id: 158,
    phone: null,
  },
  delivery_address: null,
  agreed_at: '2026-03-14T09:30:00.000Z',
  created_at: '2026-03-14T09:30:00.000Z',
  updated_at: '2026-03-14T09:30:00.000Z',
}

const profileUrl = apiUrl('zeus', `/users/${String(VOLUNTEER.userId)}/signup`)
const putUrl = apiUrl('zeus', `/users/${String(VOLUNTEER.userId)}/signup/5`)
const updates: SignupProfileUpdate[] = []

const server = setupServer(
  ...signInHandlers({
    payload: { user_id: VOLUNTEER.userId, sub: VOLUNTEER.sub },
    grants: {},
    accessibles: ACCESSIBLES,
  }),
  ...signupReferenceHandlers(),
  http.get('/api/health', () => new HttpResponse(null, { status: 503 })),
  http.get(profileUrl, () => contractJson(SignupProfileResponseSchema, { data: PROFILE })),
  http.put(putUrl, async ({ request }) => {
    const update = (await request.json()) as SignupProfileUpdate
    updates.push(update)
    // The shown record only needs the phone to follow the update.
    return contractJson(SignupProfileResponseSchema, {
      data: { ...PROFILE, mobile_number: update.mobile_number ?? PROFILE.mobile_number },
    })
  }),
)
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  updates.length = 0
  vi.restoreAllMocks()
  clearStore()
})
afterAll(() => {
  server.close()
})

function signInVolunteer(): void {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: {
      token: makeAccessToken({ user_id: VOLUNTEER.userId, sub: VOLUNTEER.sub }),
      expiresAt: now + 900,
    },
    refreshToken: { token: 'refresh', expiresAt: now + 86_400 },
  })
  const session: Session = {
    userId: VOLUNTEER.userId,
    sub: VOLUNTEER.sub,
    email: 'volunteer@example.com',
    firstName: 'Liam',
    lastName: 'Parata',
    organisation: null,
    grants: {},
    accessibles: ACCESSIBLES,
    preferences: {},
    view: { type: 'signup' },
    isStaff: false,
    hasGlobalAccess: false,
    ownerId: null,
    organisationOwnerId: null,
    migrated: false,
  }
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(session))
  loadFromStorage()
}

function renderProfile(client: QueryClient = testClient()) {
  signInVolunteer()
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ProfilePage />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

function testClient(): QueryClient {
  const client = createQueryClient()
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  })
  return client
}

const section = (name: string) => screen.getByRole('region', { name })

describe('volunteer profile (seeds 2.5, 4.4)', { timeout: 20_000 }, () => {
  it('shows every section, the status as steps and the agreement date', async () => {
    renderProfile()
    const steps = await screen.findByRole('list', { name: 'Sign-up progress' })
    const items = within(steps).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '✓Signed up(done)',
      '✓Waiting list(done)',
      '3Selected',
      '4Shipping',
    ])
    expect(items[2]).toHaveAttribute('aria-current', 'step')
    expect(screen.getByText(/You have been selected/)).toBeInTheDocument()
    for (const name of [
      'Status',
      'Personal details',
      'Installation address',
      'Delivery address',
      'Broadband details',
      'Agreement',
    ]) {
      expect(section(name)).toBeInTheDocument()
    }
    expect(within(section('Personal details')).getByText('021 555 0101')).toBeInTheDocument()
    expect(
      within(section('Installation address')).getByText('12 Karaka Street'),
    ).toBeInTheDocument()
    expect(
      within(section('Delivery address')).getByText('Same as the installation address.'),
    ).toBeInTheDocument()
    const broadband = section('Broadband details')
    expect(within(broadband).getByText('Spark')).toBeInTheDocument()
    expect(within(broadband).getByText('Fibre Max')).toBeInTheDocument()
    await waitFor(() => {
      // The region's name (wgn → Wellington) comes from the study's metadata. The city is
      // Wellington too, so read the Region term's own value, not any "Wellington".
      const term = within(broadband).getByText('Region', { selector: 'dt' })
      expect(term.nextElementSibling).toHaveTextContent(/^Wellington$/)
    })
    expect(within(section('Agreement')).getByText('14 March 2026')).toHaveAttribute(
      'datetime',
      PROFILE.agreed_at,
    )
  })

  it('changes the phone number and shows it saved', async () => {
    renderProfile()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Edit your phone number' }))
    const phone = screen.getByLabelText('Phone number (optional)')
    expect(phone).toHaveAttribute('autocomplete', 'tel')
    await user.clear(phone)
    await user.type(phone, '021 555 0202')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your change has been saved')).toBeInTheDocument()
    expect(updates).toEqual([{ mobile_number: '021 555 0202' }])
    expect(within(section('Personal details')).getByText('021 555 0202')).toBeInTheDocument()
  })

  it('checks the phone before sending and focuses it', async () => {
    renderProfile()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Edit your phone number' }))
    const phone = screen.getByLabelText('Phone number (optional)')
    await user.clear(phone)
    await user.type(phone, 'call me')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(phone).toHaveFocus()
    expect(phone).toHaveAccessibleDescription('This phone number is invalid.')
    expect(updates).toEqual([])
  })

  it('sends the delivery address in the sign-up country and shows a server error under its field', async () => {
    server.use(
      http.put(putUrl, async ({ request }) => {
        updates.push((await request.json()) as SignupProfileUpdate)
        return apiErrorResponse(422, {
          code: 'VALIDATION_FAIL',
          errors: { 'delivery_address.postcode': [SignupCodes.POSTCODE_TOO_LONG] },
        })
      }),
    )
    renderProfile()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Edit your delivery address' }))
    // Starts from the installation address, where the kit goes today.
    const line1 = screen.getByLabelText('Address line 1')
    expect(line1).toHaveValue('12 Karaka Street')
    await user.clear(line1)
    await user.type(line1, 'PO Box 77')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const postcode = screen.getByLabelText('Postcode')
    await waitFor(() => {
      expect(postcode).toHaveFocus()
    })
    expect(postcode).toHaveAccessibleDescription('Cannot be more than 100 characters long.')
    expect(updates).toEqual([
      {
        delivery_address: {
          line1: 'PO Box 77',
          line2: null,
          line3: null,
          city: 'Wellington',
          postcode: '6011',
          country_id: 158,
          phone: null,
        },
      },
    ])
  })

  it('changes the provider with other → free text', async () => {
    renderProfile()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Edit your broadband details' }))
    await waitFor(() => {
      expect(screen.getByLabelText('Service provider')).toHaveValue('3')
    })
    await user.selectOptions(screen.getByLabelText('Service provider'), '0')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByLabelText('Name of your service provider')).toHaveFocus()
    await user.type(screen.getByLabelText('Name of your service provider'), 'Village fibre')
    await user.selectOptions(screen.getByLabelText('Internet package'), '-1')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Your change has been saved')
    expect(updates).toEqual([
      { isp: 0, ispOther: 'Village fibre', package: null, packageOther: null },
    ])
  })

  it('allows no edits once shipping and says why', async () => {
    server.use(
      http.get(profileUrl, () =>
        contractJson(SignupProfileResponseSchema, {
          data: { ...PROFILE, status: 'shipping', editable: false },
        }),
      ),
    )
    renderProfile()
    expect(await screen.findByText('Your details can no longer be changed')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument()
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Shipping')
  })

  it('says so when the server refuses because the Whitebox is now shipping', async () => {
    server.use(http.put(putUrl, () => apiErrorResponse(409, { code: SignupCodes.SIGNUP_SHIPPING })))
    renderProfile()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Edit your phone number' }))
    server.use(
      http.get(profileUrl, () =>
        contractJson(SignupProfileResponseSchema, {
          data: { ...PROFILE, status: 'shipping', editable: false },
        }),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('These details can no longer be changed')).toBeInTheDocument()
  })

  it('offline, shows the saved copy with its age and asks for a connection to edit', async () => {
    const client = testClient()
    client.setQueryData(profileKeys.signup(VOLUNTEER.userId), PROFILE, {
      updatedAt: Date.now() - 3 * 60 * 60_000,
    })
    // No network at all: the browser says so, and requests fail.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => {
      reportNetworkFailure()
    })
    renderProfile(client)
    expect(await screen.findByText(/Data from/)).toBeInTheDocument()
    expect(screen.getByText(/Changing them needs a connection/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit your phone number' })).toBeDisabled()
    expect(within(section('Personal details')).getByText('Liam Parata')).toBeInTheDocument()
  })

  it('says when the account has no sign-up', async () => {
    server.use(http.get(profileUrl, () => apiErrorResponse(404, { code: 'NOT_FOUND' })))
    renderProfile()
    expect(await screen.findByText('No sign-up yet')).toBeInTheDocument()
  })
})
