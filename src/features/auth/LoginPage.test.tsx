import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { MIGRATED_HEADER, TokenPairResponseSchema } from '#contracts/auth.ts'
import {
  apiErrorResponse,
  apiUrl,
  contractJson,
  loginRefusal,
  signInHandlers,
  tokenPairBody,
} from '../../api/testing/contract-handlers'
import { i18n } from '@lingui/core'
import { storedLocale } from '../../i18n/i18n'
import { deauthenticate, getSession, rememberSignedOutLocale } from '../../session'
import { AUTH_COOKIE } from '../../session/tokens'
import { LoginPage } from './LoginPage'
import { renderAuthPage } from './test-utils'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
  vi.restoreAllMocks()
})
afterAll(() => {
  server.close()
})

async function submit(email = 'someone@example.com', password = 'Whitebox-demo-1') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Email'), `  ${email} `)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

function loginAnswers(response: () => Response | Promise<Response>) {
  server.use(http.post(apiUrl('auth', '/login'), response))
}

describe('LoginPage alerts (seeds 8.1)', () => {
  it.each([
    {
      name: 'LOGIN_FAILED',
      answer: () => loginRefusal(401, 'LOGIN_FAILED', { REMAINING_LOGIN_ATTEMPTS: 4 }),
      shows: ['Sign-in failed', 'Check your email and password and try again.'],
      hides: ['Your account will soon be locked'],
    },
    {
      name: 'LOGIN_FAILED with 2 attempts left and a 15 minute lockout',
      answer: () =>
        loginRefusal(401, 'LOGIN_FAILED', {
          REMAINING_LOGIN_ATTEMPTS: 2,
          LOCKOUT_DURATION_SECONDS: 900,
        }),
      shows: [
        'Sign-in failed',
        'Your account will soon be locked',
        'You have 2 attempts left before your account is locked.',
        'The lock lasts 15 minutes.',
      ],
      hides: [],
    },
    {
      name: 'DISABLED_ACCOUNT',
      answer: () => loginRefusal(403, 'DISABLED_ACCOUNT'),
      shows: ['Account not supported', /This account has no access to this product\./],
      hides: ['Sign-in failed'],
    },
    {
      name: 'USER_MIGRATED',
      answer: () => loginRefusal(403, 'USER_MIGRATED', {}, { [MIGRATED_HEADER]: 'true' }),
      shows: ['Your account has moved'],
      hides: ['Sign-in failed'],
    },
    {
      name: 'a 2xx answer without an access token',
      answer: () => HttpResponse.json({ code: 'OK' }),
      shows: ['Auth failed'],
      hides: ['Sign-in failed'],
    },
    {
      name: 'a server error',
      answer: () => apiErrorResponse(500, { code: 'INTERNAL' }),
      shows: ['Sign-in failed'],
      hides: [],
    },
    {
      name: 'RATE_LIMITED',
      answer: () => apiErrorResponse(429, { code: 'RATE_LIMITED' }),
      shows: ['Sign-in failed'],
      hides: [],
    },
    {
      // Seeds 8.1: a non-response error is the login-failed alert; the unreachable server also
      // marks the app offline until a probe reaches it again.
      name: 'a network error while the browser says online',
      answer: () => HttpResponse.error(),
      shows: ['Sign-in failed', 'You are offline'],
      hides: [],
    },
  ])('$name', async ({ answer, shows, hides }) => {
    loginAnswers(answer)
    await renderAuthPage(<LoginPage />, '/login')
    await submit()
    for (const text of shows) expect(await screen.findByText(text)).toBeInTheDocument()
    for (const text of hides) expect(screen.queryByText(text)).not.toBeInTheDocument()
    // The form stays for these refusals.
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
    expect(document.cookie).not.toContain(AUTH_COOKIE)
  })

  it.each([
    {
      name: 'OVER_LOCKOUT_ATTEMPTS with 15 minutes',
      answer: () =>
        loginRefusal(423, 'OVER_LOCKOUT_ATTEMPTS', {
          LOCKED_UNTIL: new Date(Date.now() + 900_000).toISOString(),
          LOCKOUT_DURATION_SECONDS: 900,
        }),
      text: 'Too many failed sign-in attempts. Try again in 15 minutes or reset your password.',
    },
    {
      name: 'LOCKED_STATE_ACCOUNT with 61 seconds left',
      answer: () => loginRefusal(423, 'LOCKED_STATE_ACCOUNT', { LOCKOUT_DURATION_SECONDS: 61 }),
      text: 'Too many failed sign-in attempts. Try again in 1 minute or reset your password.',
    },
    {
      name: 'a permanent lock',
      answer: () =>
        loginRefusal(423, 'LOCKED_STATE_ACCOUNT', {
          LOCKED_UNTIL: null,
          LOCKOUT_DURATION_SECONDS: null,
        }),
      text: 'Too many failed sign-in attempts. Reset your password to unlock it.',
    },
  ])('$name: locked alert and the form hidden', async ({ answer, text }) => {
    loginAnswers(answer)
    await renderAuthPage(<LoginPage />, '/login')
    await submit()
    expect(await screen.findByText('Your account is locked')).toBeInTheDocument()
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }))
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
  })

  it('USER_MIGRATED links to the other platform sign-in (no dead end)', async () => {
    loginAnswers(() => loginRefusal(403, 'USER_MIGRATED', {}, { [MIGRATED_HEADER]: 'true' }))
    await renderAuthPage(<LoginPage />, '/login')
    await submit()
    const link = await screen.findByRole('link', { name: 'Sign in on the new platform' })
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//) as unknown)
  })

  it('DISABLED_ACCOUNT offers a next step: the help-centre request form', async () => {
    loginAnswers(() => loginRefusal(403, 'DISABLED_ACCOUNT'))
    await renderAuthPage(<LoginPage />, '/login')
    await submit()
    const link = await screen.findByRole('link', { name: 'Ask for help' })
    expect(link).toHaveAttribute('href', '/hc/requests/new')
  })

  it('uses one verb: the button says Sign in, never Log in', async () => {
    await renderAuthPage(<LoginPage />, '/login')
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    // The location output shows the path /login; the copy never uses the verb.
    expect(document.body.textContent).not.toMatch(/(^|[^/])log ?in/i)
  })

  it('PASSWORD_EXPIRED_ACCOUNT goes to the expired-password screen with the expiry days', async () => {
    loginAnswers(() =>
      loginRefusal(403, 'PASSWORD_EXPIRED_ACCOUNT', {
        USER_ID: 12,
        RESET_TOKEN: 'reset-token-1',
        PASS_EXPIRY_PERIOD_DAYS: 90,
      }),
    )
    await renderAuthPage(<LoginPage />, '/login')
    await submit()
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent(
        '/expired-password/12/reset-token-1?days=90',
      )
    })
  })
})

describe('LoginPage flow', () => {
  it('says at once that signing in needs a connection when offline, and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderAuthPage(<LoginPage />, '/login')
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    // No login handler is installed: a request would fail the test (onUnhandledFrame: 'error').
    await submit()
    expect(screen.queryByText('Sign-in failed')).not.toBeInTheDocument()
  })

  it('asks for the missing fields, focuses the first and sends nothing', async () => {
    await renderAuthPage(<LoginPage />, '/login')
    // No login handler is installed: a request would fail the test (onUnhandledFrame: 'error').
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Please provide your email.')).toBeInTheDocument()
    expect(screen.getByText('Please provide your password.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveFocus()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')

    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.queryByText('Please provide your email.')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveFocus()
  })

  it('shows the migrated notice with accountMigrated=true', async () => {
    await renderAuthPage(<LoginPage accountMigrated />, '/login')
    expect(await screen.findByText('Sign-in has moved')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in on the new platform' })).toBeInTheDocument()
  })

  it('shows the loading state, posts trimmed credentials and the device id, then goes to the default path', async () => {
    let body: unknown = null
    server.use(...signInHandlers())
    server.use(
      http.post(apiUrl('auth', '/login'), async ({ request }) => {
        body = await request.json()
        await delay(50)
        return contractJson(
          TokenPairResponseSchema,
          tokenPairBody({ user_id: 1, organisation_id: 10 }),
        )
      }),
    )
    await renderAuthPage(<LoginPage />, '/login')
    await submit('consumer@example.com')
    expect(await screen.findByRole('button', { name: /Signing in/ })).toHaveAttribute(
      'aria-busy',
      'true',
    )
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent('/dashboard')
    })
    expect(body).toEqual({
      email: 'consumer@example.com',
      password: 'Whitebox-demo-1',
      device: expect.stringMatching(/.+/) as unknown,
    })
    expect(document.cookie).toContain(AUTH_COOKIE)
    expect(getSession()).toMatchObject({
      userId: 1,
      view: { type: 'consumer', unitId: 42 },
      organisation: { id: 10, name: 'Demo Org' },
      firstName: 'Casey',
    })
  })

  it('returns to a same-origin continue path after signing in', async () => {
    server.use(...signInHandlers())
    await renderAuthPage(<LoginPage continueTo="/units?x=1" />, '/login')
    await submit()
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent('/units?x=1')
    })
  })

  it('ignores a continue path to another origin', async () => {
    server.use(...signInHandlers())
    await renderAuthPage(<LoginPage continueTo="//evil.example/x" />, '/login')
    await submit()
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent('/dashboard')
    })
  })

  it('sends a user with missing grants to /logout', async () => {
    server.use(...signInHandlers())
    server.use(
      http.get(apiUrl('auth', '/myGrants'), () => apiErrorResponse(500, { code: 'INTERNAL' })),
    )
    await renderAuthPage(<LoginPage />, '/login')
    await submit()
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent('/logout')
    })
    expect(getSession()).toBeNull()
    expect(document.cookie).not.toContain(AUTH_COOKIE)
  })

  describe('the language chosen on the sign-in page (seeds 4.1)', () => {
    afterEach(() => {
      localStorage.clear()
      sessionStorage.clear()
      i18n.loadAndActivate({ locale: 'en-GB', messages: {} })
    })

    it('is saved as the account language before the locale is set, so it sticks', async () => {
      const saves: { body: unknown; activeLocale: string }[] = []
      server.use(...signInHandlers())
      server.use(
        http.put(apiUrl('zeus', '/users/:sub/personal_information'), async ({ request }) => {
          saves.push({ body: await request.json(), activeLocale: i18n.locale })
          return HttpResponse.json({ code: 'OK' })
        }),
      )
      rememberSignedOutLocale('fr-CA')
      await renderAuthPage(<LoginPage />, '/login')
      await submit()
      await waitFor(() => {
        expect(screen.getByLabelText('current location')).toHaveTextContent('/dashboard')
      })
      // The account said en_GB; the visit's choice was saved while the old locale was still active.
      expect(saves).toEqual([{ body: { default_locale: 'fr_CA' }, activeLocale: 'en-GB' }])
      expect(storedLocale()).toBe('fr-CA')
      expect(i18n.locale).toBe('fr-CA')
    })

    it('leaves the account language alone when nothing was chosen', async () => {
      let saved = false
      server.use(
        ...signInHandlers({
          personal: {
            first_name: 'Casey',
            last_name: 'Consumer',
            email: 'consumer@example.com',
            default_locale: 'ar_SA',
          },
        }),
      )
      server.use(
        http.put(apiUrl('zeus', '/users/:sub/personal_information'), () => {
          saved = true
          return HttpResponse.json({ code: 'OK' })
        }),
      )
      await renderAuthPage(<LoginPage />, '/login')
      await submit()
      await waitFor(() => {
        expect(screen.getByLabelText('current location')).toHaveTextContent('/dashboard')
      })
      expect(saved).toBe(false)
      expect(storedLocale()).toBe('ar-SA')
    })
  })

  it('sends a user with panels and units to the /redirect chooser', async () => {
    server.use(
      ...signInHandlers({
        accessibles: {
          apollo: [{ pid: 3, front_name: 'Panel 3' }],
          units: [{ unitId: 42 }],
          volunteer: null,
          administration: null,
        },
      }),
    )
    await renderAuthPage(<LoginPage />, '/login')
    await submit()
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent('/redirect')
    })
  })
})
