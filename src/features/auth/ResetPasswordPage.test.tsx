import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { OkResponseSchema, TokenValidResponseSchema } from '#contracts/auth.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { RequestPasswordPage } from './RequestPasswordPage'
import { ResetPasswordPage } from './ResetPasswordPage'
import { renderAuthPage } from './test-utils'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})

const tokenValid = () =>
  http.post(apiUrl('auth', '/isPasswordResetTokenValid'), () =>
    contractJson(TokenValidResponseSchema, { code: 'OK', data: { valid: true } }),
  )

describe('ResetPasswordPage', () => {
  it('shows the invalid-link message for an invalid, used or expired token', async () => {
    server.use(
      http.post(apiUrl('auth', '/isPasswordResetTokenValid'), () =>
        apiErrorResponse(400, { code: 'INVALID_TOKEN' }),
      ),
    )
    await renderAuthPage(<ResetPasswordPage userId={1} token="t" />, '/reset')
    expect(screen.getByRole('status', { name: 'Checking your link…' })).toBeInTheDocument()
    expect(await screen.findByText('This link cannot be used')).toBeInTheDocument()
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
  })

  it('offers a retry when the check fails on the server side, not the invalid-link text', async () => {
    let calls = 0
    server.use(
      http.post(apiUrl('auth', '/isPasswordResetTokenValid'), () => {
        calls += 1
        return calls === 1
          ? apiErrorResponse(500, { code: 'INTERNAL' })
          : contractJson(TokenValidResponseSchema, { code: 'OK', data: { valid: true } })
      }),
    )
    await renderAuthPage(<ResetPasswordPage userId={1} token="t" />, '/reset')
    expect(await screen.findByText('Your link could not be checked')).toBeInTheDocument()
    expect(screen.queryByText('This link cannot be used')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('New password')).toBeInTheDocument()
  })

  it('enables submit only for a valid password and shows success', async () => {
    let sent: unknown = null
    server.use(
      tokenValid(),
      http.post(apiUrl('auth', '/resetPassword'), async ({ request }) => {
        sent = await request.json()
        return contractJson(OkResponseSchema, { code: 'OK' })
      }),
    )
    await renderAuthPage(<ResetPasswordPage userId={5} token="tok" />, '/reset')
    const field = await screen.findByLabelText('New password')
    const button = screen.getByRole('button', { name: 'Reset password' })
    expect(button).toBeDisabled()
    await userEvent.type(field, 'short')
    expect(button).toBeDisabled()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    await userEvent.clear(field)
    await userEvent.type(field, 'Brand-new-pass1')
    expect(button).toBeEnabled()
    expect(field).not.toHaveAttribute('aria-invalid')
    await userEvent.click(button)
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Your new password is set' })).toBeInTheDocument()
    expect(sent).toEqual({ user_id: 5, token: 'tok', password: 'Brand-new-pass1' })
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument()
  })

  it.each([
    {
      name: 'PASSWORD_UNCHANGED → the same-password message',
      answer: () =>
        apiErrorResponse(400, {
          code: 'VALIDATION_FAIL',
          errors: { password: ['PASSWORD_UNCHANGED'] },
        }),
      text: 'The new password must be different from your current password.',
    },
    {
      name: 'other failure → password change failed',
      answer: () => apiErrorResponse(500, { code: 'INTERNAL' }),
      text: 'Password change failed',
    },
  ])('$name', async ({ answer, text }) => {
    server.use(tokenValid(), http.post(apiUrl('auth', '/resetPassword'), answer))
    await renderAuthPage(<ResetPasswordPage userId={5} token="tok" />, '/reset')
    await userEvent.type(await screen.findByLabelText('New password'), 'Brand-new-pass1')
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
  })

  it('expired variant: its own title, button and the expiry period', async () => {
    server.use(tokenValid())
    await renderAuthPage(<ResetPasswordPage userId={5} token="tok" expired days={90} />, '/reset')
    expect(
      await screen.findByRole('heading', { name: 'Your password has expired' }),
    ).toBeInTheDocument()
    expect(
      await screen.findByText('Passwords expire every 90 days. Choose a new password to continue.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Update password' })).toBeInTheDocument()
  })
})

describe('RequestPasswordPage', () => {
  it.each([
    {
      name: 'success',
      answer: () => contractJson(OkResponseSchema, { code: 'OK' }),
      text: 'Email sent',
    },
    {
      name: 'EMAIL_NOT_FOUND',
      answer: () => apiErrorResponse(404, { code: 'EMAIL_NOT_FOUND' }),
      text: 'There is no account with that email address.',
    },
    {
      name: 'other failure',
      answer: () => apiErrorResponse(500, { code: 'INTERNAL' }),
      text: 'The reset email could not be sent',
    },
  ])('$name', async ({ answer, text }) => {
    server.use(http.post(apiUrl('auth', '/sendPasswordResetEmail'), answer))
    await renderAuthPage(<RequestPasswordPage />, '/forgot')
    await userEvent.type(await screen.findByLabelText('Email'), 'someone@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
  })
})
