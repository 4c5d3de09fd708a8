import 'fake-indexeddb/auto'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { TokenPairResponseSchema } from '#contracts/auth.ts'
import {
  apiUrl,
  contractJson,
  signInHandlers,
  tokenPairBody,
} from '../api/testing/contract-handlers'
import { LoginPage } from '../features/auth/LoginPage'
import { ShellLayout } from '../features/shell/ShellLayout'
import { signedInChrome } from '../features/shell/signed-in-slot'
import { deauthenticate } from '../session'
import { AppLink, NavigationContext } from './navigation'
import { signInNavigation } from './sign-in-start'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

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

/** The sign-in page's navigation with spies for the hand-over and the router's early fetch. */
function renderSignedOut(page: ReactNode) {
  const handOver = vi.fn((_href: string, _replace: boolean) => Promise.resolve())
  const prepare = vi.fn()
  const navigation = signInNavigation({ pathname: '/login', search: '' }, handOver, prepare)
  render(
    <I18nProvider i18n={i18n}>
      <NavigationContext value={navigation}>{page}</NavigationContext>
    </I18nProvider>,
  )
  return { handOver, prepare, navigation }
}

describe('the sign-in page opened first (no router)', () => {
  it('hands a link over to the router once, however often it is clicked', async () => {
    const { handOver } = renderSignedOut(<AppLink to="/request-password">Forgot?</AppLink>)
    const link = screen.getByRole('link', { name: 'Forgot?' })
    expect(link).toHaveAttribute('href', '/request-password')
    await userEvent.click(link)
    await userEvent.click(link)
    expect(handOver.mock.calls).toEqual([['/request-password', false]])
  })

  it('sends a navigation elsewhere asked for during the hand-over through the router after it', async () => {
    let handedOver: () => void = () => undefined
    const handOver = vi.fn(
      (_href: string, _replace: boolean) =>
        new Promise<void>((resolve) => {
          handedOver = resolve
        }),
    )
    const navigateAfter = vi.fn()
    const navigation = signInNavigation(
      { pathname: '/login', search: '' },
      handOver,
      vi.fn(),
      navigateAfter,
    )
    const first = navigation.navigate('/request-password')
    const second = navigation.navigate('/dashboard')
    expect(navigation.handingOver()).toBe(true)
    expect(handOver.mock.calls).toEqual([['/request-password', false]])
    expect(navigateAfter).not.toHaveBeenCalled()
    handedOver()
    await Promise.all([first, second])
    expect(navigateAfter.mock.calls).toEqual([['/dashboard']])
  })

  it.each([
    { key: 'ctrlKey', init: { ctrlKey: true } },
    { key: 'metaKey', init: { metaKey: true } },
    { key: 'shiftKey', init: { shiftKey: true } },
    { key: 'middle button', init: { button: 1 } },
  ])('leaves a click with $key to the browser (a new tab)', ({ init }) => {
    const { handOver } = renderSignedOut(<AppLink to="/request-password">Forgot?</AppLink>)
    const link = screen.getByRole('link', { name: 'Forgot?' })
    // After the page's own handler: whether it took the click, then no navigation in jsdom.
    let taken: boolean | null = null
    const record = (event: Event) => {
      taken = event.defaultPrevented
      event.preventDefault()
    }
    document.addEventListener('click', record)
    fireEvent(link, new MouseEvent('click', { bubbles: true, cancelable: true, ...init }))
    document.removeEventListener('click', record)
    expect(taken).toBe(false)
    expect(handOver).not.toHaveBeenCalled()
  })

  it('fetches the router on a pointer over a link or focus on it', () => {
    const { prepare } = renderSignedOut(<AppLink to="/request-password">Forgot?</AppLink>)
    const link = screen.getByRole('link', { name: 'Forgot?' })
    fireEvent.pointerEnter(link)
    fireEvent.focus(link)
    expect(prepare).toHaveBeenCalledTimes(2)
  })

  it('fetches the router when the user starts on the form, and hands over to the page the sign-in leads to', async () => {
    server.use(...signInHandlers())
    server.use(
      http.post(apiUrl('auth', '/login'), () =>
        contractJson(TokenPairResponseSchema, tokenPairBody({ user_id: 1, organisation_id: 10 })),
      ),
    )
    const { handOver, prepare } = renderSignedOut(<LoginPage />)
    const user = userEvent.setup()
    expect(prepare).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Email'), 'consumer@example.com')
    expect(prepare).toHaveBeenCalled()
    await user.type(screen.getByLabelText('Password'), 'Whitebox-demo-1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => {
      // In the form's place in the history.
      expect(handOver).toHaveBeenCalledWith('/dashboard', true)
    })
  })

  it('keeps the visitor’s header after the sign-in, until the router’s page replaces it', async () => {
    // The signed-in header's code is ready: only the page's own rule can keep it out.
    await signedInChrome.load()
    server.use(...signInHandlers())
    server.use(
      http.post(apiUrl('auth', '/login'), () =>
        contractJson(TokenPairResponseSchema, tokenPairBody({ user_id: 1, organisation_id: 10 })),
      ),
    )
    const { handOver } = renderSignedOut(
      <ShellLayout>
        <LoginPage />
      </ShellLayout>,
    )
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'consumer@example.com')
    await user.type(screen.getByLabelText('Password'), 'Whitebox-demo-1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => {
      expect(handOver).toHaveBeenCalledWith('/dashboard', true)
    })
    // An account menu opened now would close as the router's shell mounts in this one's place.
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull()
    expect(screen.getByRole('button', { name: /Language/ })).toBeVisible()
  })
})
