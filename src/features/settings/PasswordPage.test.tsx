import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { PasswordUpdateResponseSchema } from '#contracts/settings.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { reportNetworkFailure } from '../../offline/online-state'
import { PasswordPage } from './PasswordPage'
import {
  CONSUMER,
  renderSettingsPage,
  settingsTestClient,
  signInConsumer,
  settingsTestServer,
} from './test-utils'

const server = settingsTestServer()

const PATH = '/settings/personal-details/password'
const url = apiUrl('zeus', `/users/${CONSUMER.sub}/password`)

async function open() {
  signInConsumer()
  await renderSettingsPage(<PasswordPage />, PATH, settingsTestClient())
  const user = userEvent.setup()
  return {
    user,
    current: screen.getByLabelText('Current password'),
    password: screen.getByLabelText('New password'),
    confirmation: screen.getByLabelText('Confirm new password'),
    submit: () => user.click(screen.getByRole('button', { name: 'Change password' })),
  }
}

describe('PasswordPage', () => {
  it('has the autocomplete attributes password managers need', async () => {
    const { current, password, confirmation } = await open()
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    expect(password).toHaveAttribute('autocomplete', 'new-password')
    expect(confirmation).toHaveAttribute('autocomplete', 'new-password')
  })

  it('asks for every field and focuses the first one, without calling the server', async () => {
    const { current, submit } = await open()
    await submit()
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your current password.')).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your new password.')).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your password confirmation.')).toHaveLength(2)
    expect(current).toHaveFocus()
  })

  it('tells a format problem and a mismatch before sending', async () => {
    const { user, current, password, confirmation, submit } = await open()
    await user.type(current, 'Whitebox-demo-1')
    await user.type(password, 'short')
    await user.type(confirmation, 'shorter')
    await submit()
    // Under the field and in the error summary.
    expect(
      screen.getAllByText(
        'Use at least 10 characters with three of: lower case, upper case, digits and symbols.',
      ),
    ).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('Passwords do not match.')).toHaveLength(2)
    expect(password).toHaveFocus()
  })

  it.each([
    {
      code: 'INVALID',
      field: 'current_password',
      message: 'This current password is invalid.',
      focused: 'Current password',
    },
    {
      code: 'PASSWORD_UNCHANGED',
      field: 'password',
      message: 'The new password must be different from your current password.',
      focused: 'New password',
    },
    {
      code: 'DOES_NOT_MATCH_PASSWORD',
      field: 'password_confirmation',
      message: 'Passwords do not match.',
      focused: 'Confirm new password',
    },
  ])('shows the server’s $code under its field and keeps what was typed', async (row) => {
    server.use(
      http.put(url, () =>
        apiErrorResponse(400, { code: 'VALIDATION_FAIL', errors: { [row.field]: [row.code] } }),
      ),
    )
    const { user, current, password, confirmation, submit } = await open()
    await user.type(current, 'Whitebox-demo-1')
    await user.type(password, 'Another-pass-42')
    await user.type(confirmation, 'Another-pass-42')
    await submit()
    // Under the field and in the error summary.
    expect(await screen.findAllByText(row.message)).toHaveLength(2)
    expect(screen.getByLabelText(row.focused)).toHaveFocus()
    expect(screen.getByLabelText(row.focused)).toHaveAttribute('aria-invalid', 'true')
    expect(current).toHaveValue('Whitebox-demo-1')
    expect(password).toHaveValue('Another-pass-42')
  })

  it('sends this login’s refresh token and comes back with the success flag', async () => {
    let sent: unknown = null
    server.use(
      http.put(url, async ({ request }) => {
        sent = await request.json()
        return contractJson(PasswordUpdateResponseSchema, {
          code: 'OK',
          data: { signed_out_sessions: 2 },
        })
      }),
    )
    const { user, current, password, confirmation, submit } = await open()
    await user.type(current, 'Whitebox-demo-1')
    await user.type(password, 'Another-pass-42')
    await user.type(confirmation, 'Another-pass-42')
    await submit()
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent(
        '/settings/personal-details?updated=password',
      )
    })
    expect(sent).toEqual({
      current_password: 'Whitebox-demo-1',
      password: 'Another-pass-42',
      password_confirmation: 'Another-pass-42',
      refresh_token: 'refresh-of-this-login',
    })
  })

  it('says at once that it needs a connection when offline, and sends nothing', async () => {
    reportNetworkFailure()
    const { user, current, password, confirmation, submit } = await open()
    expect(screen.getByText(/Changing your password needs an internet connection/)).toBeVisible()
    await user.type(current, 'Whitebox-demo-1')
    await user.type(password, 'Another-pass-42')
    await user.type(confirmation, 'Another-pass-42')
    // No handler: a request would fail the test (onUnhandledFrame: 'error').
    await submit()
    expect(screen.getByLabelText('current location')).toHaveTextContent(PATH)
    expect(password).toHaveValue('Another-pass-42')
  })
})
