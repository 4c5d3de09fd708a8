import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { SignupCodes } from '#contracts/signup.ts'
import type { ApiErrorBody } from '#contracts/errors.ts'
import { apiErrorResponse, apiUrl } from '../../api/testing/contract-handlers'
import { reportNetworkFailure } from '../../offline/online-state'
import { flushDrafts, loadDraft, saveDraftSoon } from './draft'
import { renderSignup } from './testing/render'
import { setupSignupServer } from './testing/server'

const saudiUrl = apiUrl('signup-sa', '/signup')
const { server, sent } = setupSignupServer(
  saudiUrl,
  () => HttpResponse.json({ data: { status: 'signup' } }, { status: 201 }),
  // The reconnection probe after a network failure: still unreachable.
  http.get('/api/health', () => new HttpResponse(null, { status: 503 })),
)

const location = () => screen.getByLabelText('current location').textContent
const next = () => screen.getByRole('button', { name: 'Next' })

/** Step 1 → 3 with valid answers. */
async function throughStepTwo(user: UserEvent) {
  await user.click(await screen.findByLabelText(/A fixed broadband connection/))
  await user.click(screen.getByLabelText(/Some space next to your router/))
  await user.click(screen.getByLabelText(/A spare power socket/))
  await user.click(next())
  await user.type(await screen.findByLabelText('First name'), 'Noura')
  await user.type(screen.getByLabelText('Last name'), 'Alharbi')
  await user.type(screen.getByLabelText('Email address'), 'noura@example.com')
  await user.type(screen.getByLabelText('Mobile number (optional)'), '0551234567')
  await user.click(next())
  await screen.findByRole('heading', { name: 'Your addresses' })
}

async function fillInstallation(user: UserEvent) {
  await user.type(screen.getByLabelText('Building number and street'), '12 King Fahd Road')
  await user.type(screen.getByLabelText('City'), 'Riyadh')
  await user.type(screen.getByLabelText('Postal code'), '12211')
}

async function chooseProvider(user: UserEvent) {
  await waitFor(() => {
    expect(screen.getByLabelText('Service provider')).toBeEnabled()
  })
  await user.selectOptions(screen.getByLabelText('Service provider'), '7')
  await user.selectOptions(screen.getByLabelText('Product'), '71')
  await user.click(screen.getByLabelText('I agree to the terms and conditions of the study'))
}

/** Renders the form and answers every step validly, up to the agreement on step 4. */
async function answerEveryStep(): Promise<UserEvent> {
  await renderSignup('/signup/sa')
  const user = userEvent.setup({ delay: null })
  await throughStepTwo(user)
  await fillInstallation(user)
  await user.click(next())
  await chooseProvider(user)
  return user
}

/** The server refuses the sign-up with these field errors (seeds 5). */
function refuseWith(errors: ApiErrorBody['errors']) {
  server.use(http.post(saudiUrl, () => apiErrorResponse(422, { code: 'VALIDATION_FAIL', errors })))
}

describe('Saudi sign-up, four steps (seeds 2.5, 4.4)', { timeout: 20_000 }, () => {
  it('offers only fibre: no 5G product, no 5G-only provider (issue 22)', async () => {
    const user = await answerEveryStep()
    const providers = within(screen.getByLabelText('Service provider'))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(providers).toContain('stc')
    expect(providers).not.toContain('Zain KSA')
    const products = within(screen.getByLabelText('Product'))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(products).toContain('Fibre 500')
    expect(products).not.toContain('5G Home')
    await user.selectOptions(screen.getByLabelText('Service provider'), '8')
    expect(screen.getByLabelText('Product')).toHaveTextContent('Fibre 1000')
  })

  it('labels the address the Saudi way, keeping the payload lines', async () => {
    await renderSignup('/signup/sa')
    const user = userEvent.setup({ delay: null })
    await throughStepTwo(user)
    for (const label of [
      'Building number and street',
      'District (optional)',
      'Additional number (optional)',
      'Postal code',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    }
    expect(screen.getByLabelText('District (optional)')).toHaveAttribute(
      'name',
      'installation_address_2',
    )
    expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription(
      '5 digits, for example 12214.',
    )
  })

  it('gates Next on all three requirements and keeps the step in the URL', async () => {
    await renderSignup('/signup/sa')
    expect(
      await screen.findByRole('heading', { name: 'Volunteer to measure fixed-line fibre' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument()
    const user = userEvent.setup({ delay: null })
    expect(next()).toBeDisabled()
    await user.click(screen.getByLabelText(/A fixed broadband connection/))
    await user.click(screen.getByLabelText(/Some space next to your router/))
    expect(next()).toBeDisabled()
    await user.click(screen.getByLabelText(/A spare power socket/))
    expect(next()).toBeEnabled()
    await user.click(next())
    expect(await screen.findByRole('heading', { name: 'Your details' })).toHaveFocus()
    expect(location()).toBe('/signup/sa?step=2')
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Before you start' })).toBeInTheDocument()
    expect(screen.getByLabelText(/A spare power socket/)).toBeChecked()
  })

  it('checks a step before leaving it and focuses its first problem', async () => {
    await renderSignup('/signup/sa')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByLabelText(/A fixed broadband connection/))
    await user.click(screen.getByLabelText(/Some space next to your router/))
    await user.click(screen.getByLabelText(/A spare power socket/))
    await user.click(next())
    await user.type(await screen.findByLabelText('Email address'), 'noura@')
    await user.click(next())
    expect(screen.getByLabelText('First name')).toHaveFocus()
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Please provide your first name.',
    )
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    )
    expect(location()).toBe('/signup/sa?step=2')
  })

  it('ticks "same as installation" by default and starts the delivery address from it', async () => {
    await renderSignup('/signup/sa')
    const user = userEvent.setup({ delay: null })
    await throughStepTwo(user)
    const same = screen.getByLabelText('Same as the installation address')
    expect(same).toBeChecked()
    expect(screen.getAllByLabelText('Building number and street')).toHaveLength(1)
    const countries = screen.getAllByLabelText('Country')
    expect(countries[0]).toBeDisabled()
    expect(countries[0]).toHaveValue('Saudi Arabia')
    expect(screen.getByLabelText('Building number and street')).toHaveAttribute(
      'autocomplete',
      'address-line1',
    )
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('inputmode', 'numeric')
    await fillInstallation(user)

    await user.click(same)
    const [, deliveryLine1] = screen.getAllByLabelText('Building number and street')
    expect(deliveryLine1).toHaveValue('12 King Fahd Road')
    expect(deliveryLine1).toHaveAttribute('autocomplete', 'shipping address-line1')
    expect(screen.getAllByLabelText('City')[1]).toHaveValue('Riyadh')
    expect(screen.getAllByLabelText('Postal code')[1]).toHaveValue('12211')
  })

  it('submits on step 4 with the installation address as the delivery one, then succeeds', async () => {
    await renderSignup('/signup/sa')
    const user = userEvent.setup({ delay: null })
    await throughStepTwo(user)
    await fillInstallation(user)
    await user.click(next())
    expect(await screen.findByRole('heading', { name: 'Your broadband' })).toBeInTheDocument()
    expect(location()).toBe('/signup/sa?step=4')
    await chooseProvider(user)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))

    const thanks = await screen.findByRole('heading', { name: 'Thank you for signing up!' })
    await waitFor(() => {
      expect(thanks).toHaveFocus()
    })
    // Sent: the step leaves the URL, so a reload or a shared link starts a fresh form.
    await waitFor(() => {
      expect(location()).toBe('/signup/sa')
    })
    expect(screen.getByText(/link to choose your password/)).toBeInTheDocument()
    expect(sent).toEqual([
      {
        first_name: 'Noura',
        last_name: 'Alharbi',
        email: 'noura@example.com',
        mobile: '0551234567',
        installation_address_1: '12 King Fahd Road',
        installation_address_2: null,
        installation_address_3: null,
        installation_city: 'Riyadh',
        installation_postcode: '12211',
        installation_country: 195,
        installation_phone: null,
        delivery_address_1: '12 King Fahd Road',
        delivery_address_2: null,
        delivery_address_3: null,
        delivery_city: 'Riyadh',
        delivery_postcode: '12211',
        delivery_country: 195,
        delivery_phone: null,
        language_preference: 'en_GB',
        ispId: 7,
        ispOther: null,
        service_provider: 'stc',
        productId: 71,
        productOther: null,
        package: 'Fibre 500',
        other: null,
        tos: true,
      },
    ])
    await waitFor(async () => {
      expect(await loadDraft('sa', 'saudi', (v) => v)).toBeNull()
    })
  })

  it('sends EMAIL_IN_USE back to step 2 with focus on the email', async () => {
    refuseWith({ email: [SignupCodes.EMAIL_IN_USE], productId: [SignupCodes.PACKAGE_INVALID] })
    const user = await answerEveryStep()
    await user.click(screen.getByRole('button', { name: 'Sign up' }))

    await waitFor(() => {
      expect(screen.getByLabelText('Email address')).toHaveFocus()
    })
    expect(location()).toBe('/signup/sa?step=2')
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'You have already signed up with this email address, try another.',
    )
    expect(within(screen.getByRole('alert')).getByRole('button')).toHaveTextContent(
      'You have already signed up with this email address, try another.',
    )
    // The product's error waits on its own step.
    await user.clear(screen.getByLabelText('Email address'))
    await user.type(screen.getByLabelText('Email address'), 'noura.alharbi@example.com')
    await user.click(next())
    await user.click(await screen.findByRole('button', { name: 'Next' }))
    expect(await screen.findByLabelText('Product')).toHaveAccessibleDescription(
      'Not a valid product.',
    )
  })

  it('shows an error on a delivery field under the installation one while they are the same', async () => {
    refuseWith({ delivery_postcode: SignupCodes.POSTCODE_TOO_LONG })
    const user = await answerEveryStep()
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => {
      expect(screen.getByLabelText('Postal code')).toHaveFocus()
    })
    expect(location()).toBe('/signup/sa?step=3')
    expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription(
      expect.stringContaining('Cannot be more than 100 characters long.'),
    )
  })

  it('offline, keeps everything and says a connection is needed', async () => {
    const user = await answerEveryStep()
    // No network: the browser says so, and a request that found none tells the app.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => {
      reportNetworkFailure()
    })
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('You need a connection to sign up')).toBeInTheDocument()
    expect(sent).toEqual([])
    expect(screen.getByLabelText('Product')).toHaveValue('71')
    expect(screen.getByLabelText('I agree to the terms and conditions of the study')).toBeChecked()
  })

  it('goes back to the first incomplete step when the URL asks for a later one', async () => {
    await renderSignup('/signup/sa?step=4')
    expect(await screen.findByRole('heading', { name: 'Before you start' })).toBeInTheDocument()
    await waitFor(() => {
      expect(location()).toBe('/signup/sa?step=1')
    })
  })

  it('restores the draft and the step after a reload', async () => {
    saveDraftSoon('sa', 'saudi', {
      has_fixed_connection: true,
      has_space: true,
      has_spare_power: true,
      first_name: 'Noura',
      last_name: 'Alharbi',
      email: 'noura@example.com',
      installation_address_1: '12 King Fahd Road',
      installation_city: 'Riyadh',
      same_address: false,
      delivery_address_1: 'PO Box 5',
    })
    await flushDrafts()
    await renderSignup('/signup/sa?step=3')
    expect(await screen.findByRole('heading', { name: 'Your addresses' })).toBeInTheDocument()
    expect(screen.getByLabelText('Same as the installation address')).not.toBeChecked()
    const [installation, delivery] = screen.getAllByLabelText('Building number and street')
    expect(installation).toHaveValue('12 King Fahd Road')
    expect(delivery).toHaveValue('PO Box 5')
    expect(location()).toBe('/signup/sa?step=3')

    const user = userEvent.setup({ delay: null })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByLabelText('Email address')).toHaveValue('noura@example.com')
  })
})
