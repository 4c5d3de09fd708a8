import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { SupportRequestResponseSchema } from '#contracts/settings.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { ContactPage } from './ContactPage'
import {
  CONSUMER,
  renderSettingsPage,
  settingsTestClient,
  signInConsumer,
  settingsTestServer,
} from './test-utils'

const url = apiUrl('zeus', `/users/${CONSUMER.sub}/support_requests`)

const server = settingsTestServer()

describe('ContactPage', () => {
  it('says once where the reply goes: before sending under the heading, after it in the confirmation', async () => {
    server.use(
      http.post(url, () =>
        contractJson(SupportRequestResponseSchema, {
          data: { id: 42, created_at: '2026-11-22T06:00:00Z' },
        }),
      ),
    )
    signInConsumer()
    await renderSettingsPage(<ContactPage />, '/settings/contact', settingsTestClient())
    const user = userEvent.setup()
    expect(await screen.findAllByText(/We will reply to/)).toHaveLength(1)

    await user.selectOptions(screen.getByLabelText('What is it about?'), 'connection')
    await user.type(screen.getByLabelText('Subject'), 'Slow evenings')
    await user.type(screen.getByLabelText('Message'), 'Speeds drop after 8 pm.')
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByText(/Your request number is 42/)).toBeInTheDocument()
    expect(screen.getAllByText(/We will reply to/)).toHaveLength(1)
  })
})
