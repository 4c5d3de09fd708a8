import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { SignupAcceptedResponseSchema, SignupCodes } from '#contracts/signup.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { flushDrafts, loadDraft, saveDraftSoon } from './draft'
import { NZ, signupReferenceHandlers } from './testing/fixtures'
import { renderSignup } from './testing/render'
import { setupSignupServer } from './testing/server'

const signupsUrl = apiUrl('zeus', '/signups')
const { server, sent } = setupSignupServer(signupsUrl, () =>
  contractJson(SignupAcceptedResponseSchema, { data: { status: 'signup' } }, { status: 201 }),
)

async function fillValidForm(user: UserEvent) {
  await user.type(await screen.findByLabelText('First name'), 'Aroha')
  await user.type(screen.getByLabelText('Last name'), 'Wilson')
  await user.type(screen.getByLabelText('Email address'), 'aroha@example.com')
  await user.type(screen.getByLabelText('Password'), 'Kia-ora-2026')
  await user.selectOptions(screen.getByLabelText('Region'), 'wgn')
  await user.selectOptions(screen.getByLabelText('City or town'), 'Lower Hutt')
  await user.type(screen.getByLabelText('Postcode'), '5010')
  await waitFor(() => {
    expect(screen.getByLabelText('Service provider')).toBeEnabled()
  })
  await user.selectOptions(screen.getByLabelText('Service provider'), '3')
  await user.selectOptions(screen.getByLabelText('Internet package'), '31')
  await user.click(screen.getByLabelText('I agree to the terms and conditions of the study'))
}

describe('standard sign-up (seeds 2.5)', { timeout: 20_000 }, () => {
  it('shows the study, its links, the general text and every field the programme asks for', async () => {
    await renderSignup('/signup/nz')
    expect(await screen.findByText('Measuring Broadband New Zealand')).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { level: 1, name: 'Volunteer to measure your broadband' }),
    ).toBeInTheDocument()
    const panel = screen.getByRole('complementary', { name: 'About the study' })
    expect(within(panel).getByRole('link', { name: 'Read the latest report' })).toHaveAttribute(
      'href',
      NZ.links.reports,
    )
    expect(screen.getByRole('heading', { name: 'Need answers now?' })).toBeInTheDocument()
    const footer = screen.getByRole('navigation', { name: 'Study links' })
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      NZ.links.contact,
    )

    expect(await screen.findByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name')
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name')
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password')
    expect(screen.getByLabelText('Phone number (optional)')).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByLabelText('Country')).toBeDisabled()
    await waitFor(() => {
      expect(screen.getByLabelText('Country')).toHaveDisplayValue('New Zealand')
    })
    // Cities only once a region with cities is chosen; no fibre question for this programme.
    expect(screen.queryByLabelText('City or town')).not.toBeInTheDocument()
    expect(screen.queryByText('Is fibre broadband available at your address?')).toBeNull()
    const user = userEvent.setup({ delay: null })
    await user.selectOptions(screen.getByLabelText('Region'), 'wtc')
    expect(screen.queryByLabelText('City or town')).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Region'), 'wgn')
    expect(screen.getByLabelText('City or town')).toHaveAttribute('autocomplete', 'address-level2')
  })

  it('hides the honeypot from people without display:none', async () => {
    const { container } = await renderSignup('/signup/nz')
    await screen.findByLabelText('First name')
    const honeypot = container.querySelector<HTMLInputElement>('input[name="other"]')
    expect(honeypot).not.toBeNull()
    expect(honeypot).toHaveAttribute('tabindex', '-1')
    expect(honeypot).toHaveAttribute('autocomplete', 'off')
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(honeypot).toBeVisible()
  })

  it('offers other (→ free text) and unknown for provider and package', async () => {
    await renderSignup('/signup/nz')
    const user = userEvent.setup({ delay: null })
    const isp = await screen.findByLabelText('Service provider')
    await waitFor(() => {
      expect(isp).toBeEnabled()
    })
    expect(screen.getByLabelText('Internet package')).toBeDisabled()
    expect(within(isp).getByRole('option', { name: 'Other (not listed)' })).toHaveValue('0')
    expect(within(isp).getByRole('option', { name: "I don't know" })).toHaveValue('-1')
    await user.selectOptions(isp, '0')
    expect(screen.getByLabelText('Name of your service provider')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Internet package'), '0')
    expect(screen.getByLabelText('Name of your package')).toBeInTheDocument()
    await user.selectOptions(isp, '3')
    expect(screen.queryByLabelText('Name of your service provider')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Internet package')).toHaveValue('')
  })

  it('checks every rule before sending, focuses the first field and sends nothing', async () => {
    await renderSignup('/signup/nz')
    const user = userEvent.setup({ delay: null })
    await user.type(await screen.findByLabelText('Last name'), 'x'.repeat(51))
    await user.type(screen.getByLabelText('Email address'), 'aroha@')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))

    expect(screen.getByLabelText('First name')).toHaveFocus()
    const summary = screen.getByRole('alert')
    expect(within(summary).getByText(/There are problems with \d+ answers/)).toBeInTheDocument()
    const firstName = screen.getByLabelText('First name')
    expect(firstName).toHaveAttribute('aria-invalid', 'true')
    expect(firstName).toHaveAccessibleDescription('Please provide your first name.')
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(
      'Cannot be more than 50 characters long.',
    )
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    )
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      'Please provide your postcode.',
    )
    expect(
      screen.getByLabelText('I agree to the terms and conditions of the study'),
    ).toHaveAccessibleDescription('Please tick the box to agree to the terms and conditions.')
    expect(sent).toEqual([])
  })

  it('sends the application, shows what happens next and clears the draft', async () => {
    await renderSignup('/signup/nz?isp=4')
    const user = userEvent.setup({ delay: null })
    await fillValidForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))

    expect(await screen.findByRole('heading', { name: 'Thank you for signing up!' })).toHaveFocus()
    expect(screen.getByText(/If you are selected, we will email you/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/hc')
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument()
    expect(sent).toEqual([
      {
        owner: 'nz',
        first_name: 'Aroha',
        last_name: 'Wilson',
        email: 'aroha@example.com',
        password: 'Kia-ora-2026',
        country: 158,
        region: 'wgn',
        city: 'Lower Hutt',
        postcode: '5010',
        isp: 3,
        package: 31,
        ispOther: null,
        packageOther: null,
        other: null,
        tos: true,
        locale: 'en_GB',
        mobile_number: null,
        fibre_availability: null,
      },
    ])
    await waitFor(async () => {
      expect(await loadDraft('nz', 'standard', (v) => v)).toBeNull()
    })
  })

  it('preselects provider and package from ?isp=&product=', async () => {
    await renderSignup('/signup/nz?isp=4&product=41')
    await waitFor(() => {
      expect(screen.getByLabelText('Service provider')).toHaveValue('4')
    })
    expect(screen.getByLabelText('Internet package')).toHaveValue('41')
  })

  it('ignores a preselect the country does not offer', async () => {
    await renderSignup('/signup/nz?isp=999')
    await waitFor(() => {
      expect(screen.getByLabelText('Service provider')).toBeEnabled()
    })
    expect(screen.getByLabelText('Service provider')).toHaveValue('')
  })

  it.each<{
    code: string
    field: string
    message: string
    errors: Record<string, string | string[]>
  }>([
    {
      code: SignupCodes.EMAIL_IN_USE,
      field: 'Email address',
      message: 'You have already signed up with this email address, try another.',
      errors: { email: [SignupCodes.EMAIL_IN_USE] },
    },
    {
      code: SignupCodes.POSTCODE_TOO_LONG,
      field: 'Postcode',
      message: 'Cannot be more than 100 characters long.',
      errors: { post_code: SignupCodes.POSTCODE_TOO_LONG, isp: SignupCodes.ISP_INVALID },
    },
    {
      code: SignupCodes.ISP_INVALID,
      field: 'Service provider',
      message: "Not a valid service provider, contact us if you're having a problem.",
      errors: { isp: SignupCodes.ISP_INVALID },
    },
    {
      code: SignupCodes.PACKAGE_INVALID,
      field: 'Internet package',
      message: 'Not a valid product.',
      errors: { package: SignupCodes.PACKAGE_INVALID },
    },
  ])(
    'shows the server’s $code under its field and focuses it',
    async ({ field, message, errors }) => {
      server.use(
        http.post(signupsUrl, () => apiErrorResponse(422, { code: 'VALIDATION_FAIL', errors })),
      )
      await renderSignup('/signup/nz')
      const user = userEvent.setup({ delay: null })
      await fillValidForm(user)
      await user.click(screen.getByRole('button', { name: 'Sign up' }))
      const input = screen.getByLabelText(field)
      await waitFor(() => {
        expect(input).toHaveFocus()
      })
      expect(input).toHaveAccessibleDescription(message)
      // Nothing typed is lost.
      expect(screen.getByLabelText('First name')).toHaveValue('Aroha')
    },
  )

  it.each([
    {
      case: 'an unknown code',
      response: () =>
        apiErrorResponse(422, { code: 'VALIDATION_FAIL', errors: { email: 'NEW_CODE' } }),
    },
    { case: 'no errors', response: () => apiErrorResponse(422, { code: 'VALIDATION_FAIL' }) },
    { case: 'a server failure', response: () => apiErrorResponse(500, { code: 'INTERNAL' }) },
    { case: 'a body that is not JSON', response: () => new HttpResponse('oops', { status: 502 }) },
  ])('shows the generic alert for $case', async ({ response }) => {
    server.use(http.post(signupsUrl, response))
    await renderSignup('/signup/nz')
    const user = userEvent.setup({ delay: null })
    await fillValidForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    const title = await screen.findByText("We can't process your application right now")
    expect(
      screen.getByText('There was a problem processing your application. Please try again later.'),
    ).toBeInTheDocument()
    await waitFor(() => {
      expect(title.closest('[data-form-alert]')).toHaveFocus()
    })
  })

  it('offline, says a connection is needed, sends nothing and keeps every answer', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderSignup('/signup/nz')
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    const user = userEvent.setup({ delay: null })
    await fillValidForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    const title = await screen.findByText('You need a connection to sign up')
    await waitFor(() => {
      expect(title.closest('[data-form-alert]')).toHaveFocus()
    })
    expect(sent).toEqual([])
    expect(screen.getByLabelText('Email address')).toHaveValue('aroha@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('Kia-ora-2026')
  })

  it('restores the draft (never the password) and keeps it as the user types', async () => {
    saveDraftSoon('nz', 'standard', {
      first_name: 'Aroha',
      email: 'aroha@example.com',
      region: 'wgn',
      city: 'Wellington',
      isp: '4',
      package: '41',
      password: 'must-not-be-stored',
    })
    await flushDrafts()
    await renderSignup('/signup/nz')
    expect(await screen.findByLabelText('First name')).toHaveValue('Aroha')
    expect(screen.getByLabelText('Email address')).toHaveValue('aroha@example.com')
    expect(screen.getByLabelText('City or town')).toHaveValue('Wellington')
    expect(screen.getByLabelText('Password')).toHaveValue('')
    await waitFor(() => {
      expect(screen.getByLabelText('Internet package')).toHaveValue('41')
    })

    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Last name'), 'Wilson')
    await user.type(screen.getByLabelText('Password'), 'Kia-ora-2026')
    await flushDrafts()
    await waitFor(async () => {
      expect(await loadDraft('nz', 'standard', (v) => v)).toMatchObject({
        first_name: 'Aroha',
        last_name: 'Wilson',
      })
    })
    expect(await loadDraft('nz', 'standard', (v) => v)).not.toHaveProperty('password')
  })

  it('sends an unknown owner to /404', async () => {
    await renderSignup('/signup/xx')
    expect(await screen.findByText('Page not found stand-in')).toBeInTheDocument()
  })

  it('sends an owner the studies do not list to /404', async () => {
    server.use(...signupReferenceHandlers([NZ]))
    await renderSignup('/signup/au')
    expect(await screen.findByText('Page not found stand-in')).toBeInTheDocument()
  })

  it('shows a load failure with a retry', async () => {
    server.use(
      http.get(apiUrl('zeus', '/signups/metadata'), () =>
        apiErrorResponse(500, { code: 'INTERNAL' }),
      ),
    )
    await renderSignup('/signup/nz')
    expect(await screen.findByText('The sign-up form could not be loaded')).toBeInTheDocument()
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('First name')).toBeInTheDocument()
  })
})
