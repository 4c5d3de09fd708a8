import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { EmailUpdateResponseSchema } from '#contracts/settings.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { reportNetworkFailure } from '../../offline/online-state'
import { EmailPage, emailFormCodes } from './EmailPage'
import {
  CONSUMER,
  renderSettingsPage,
  settingsTestClient,
  signInConsumer,
  settingsTestServer,
} from './test-utils'

const server = settingsTestServer()

const PATH = '/settings/personal-details/email'
const url = apiUrl('zeus', `/users/${CONSUMER.sub}/email`)

describe('emailFormCodes', () => {
  it.each([
    {
      email: '',
      confirmation: '',
      password: '',
      expected: { email: 'MISSING', email_confirmation: 'MISSING', current_password: 'MISSING' },
    },
    { email: 'nope', confirmation: 'nope', password: 'p', expected: { email: 'INVALID' } },
    { email: 'a@b.nz', confirmation: 'A@B.NZ', password: 'p', expected: {} },
    {
      email: 'a@b.nz',
      confirmation: 'a@c.nz',
      password: 'p',
      expected: { email_confirmation: 'DOES_NOT_MATCH_EMAIL' },
    },
  ])('$email / $confirmation → $expected', ({ email, confirmation, password, expected }) => {
    expect(emailFormCodes({ email, confirmation, currentPassword: password })).toEqual(expected)
  })
})

async function open(options: { migrated?: boolean } = {}) {
  signInConsumer({ migrated: options.migrated ?? false })
  await renderSettingsPage(<EmailPage />, PATH, settingsTestClient())
  const user = userEvent.setup()
  return { user, submit: () => user.click(screen.getByRole('button', { name: 'Change email' })) }
}

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, confirmation: string) {
  await user.type(screen.getByLabelText('New email'), email)
  await user.type(screen.getByLabelText('Confirm new email'), confirmation)
  await user.type(screen.getByLabelText('Current password'), 'Whitebox-demo-1')
}

describe('EmailPage', () => {
  it('says "Emails do not match" under the confirmation and focuses it', async () => {
    const { user, submit } = await open()
    await fill(user, 'new@example.com', 'other@example.com')
    await submit()
    // Under the field and in the error summary.
    expect(screen.getAllByText('Emails do not match.')).toHaveLength(2)
    expect(screen.getByLabelText('Confirm new email')).toHaveFocus()
  })

  it('shows EXISTS from the server under the email', async () => {
    server.use(
      http.put(url, () =>
        apiErrorResponse(400, { code: 'VALIDATION_FAIL', errors: { email: ['EXISTS'] } }),
      ),
    )
    const { user, submit } = await open()
    await fill(user, 'analyst@example.com', 'analyst@example.com')
    await submit()
    expect(await screen.findAllByText('This email is already in use.')).toHaveLength(2)
    expect(screen.getByLabelText('New email')).toHaveFocus()
    expect(screen.getByLabelText('New email')).toHaveValue('analyst@example.com')
  })

  it('changes the email, refreshes the session and returns with the flag', async () => {
    let sent: unknown = null
    server.use(
      http.put(url, async ({ request }) => {
        sent = await request.json()
        return contractJson(EmailUpdateResponseSchema, { data: { email: 'new@example.com' } })
      }),
    )
    const { user, submit } = await open()
    await fill(user, ' new@example.com ', 'new@example.com')
    await submit()
    await waitFor(() => {
      expect(screen.getByLabelText('current location')).toHaveTextContent('?updated=email')
    })
    expect(sent).toEqual({
      email: 'new@example.com',
      email_confirmation: 'new@example.com',
      current_password: 'Whitebox-demo-1',
    })
  })

  it('says at once that it needs a connection when offline', async () => {
    reportNetworkFailure()
    await open()
    expect(screen.getByText(/Changing your email needs an internet connection/)).toBeVisible()
  })

  it('points migrated accounts to the other platform instead of a form', async () => {
    await open({ migrated: true })
    expect(screen.getByText('Your account has moved')).toBeInTheDocument()
    expect(screen.queryByLabelText('New email')).not.toBeInTheDocument()
  })
})
