import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { onlineManager } from '@tanstack/react-query'
import { EmailPreferencesResponseSchema, type EmailPreferences } from '#contracts/settings.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { queuedChanges } from '../../offline/pending-changes'
import { EmailPreferencesPage } from './EmailPreferencesPage'
import { EMAIL_PREFERENCES_SAVE_KEY } from './queue'
import {
  CONSUMER,
  renderSettingsPage,
  settingsTestClient,
  signInConsumer,
  settingsTestServer,
} from './test-utils'

const url = apiUrl('zeus', `/users/${CONSUMER.sub}/email_preferences`)
const DEFAULTS: EmailPreferences = {
  disconnection_alerts: true,
  performance_alerts: true,
  report_cards: true,
  product_news: false,
  alerts_paused_until: null,
}
const DAY = 86_400_000

const server = settingsTestServer()

function stored(preferences: EmailPreferences) {
  const puts: EmailPreferences[] = []
  server.use(
    http.get(url, () => contractJson(EmailPreferencesResponseSchema, { data: preferences })),
    http.put(url, async ({ request }) => {
      const body = (await request.json()) as EmailPreferences
      puts.push(body)
      return contractJson(EmailPreferencesResponseSchema, { data: body })
    }),
  )
  return puts
}

async function open() {
  signInConsumer()
  const client = settingsTestClient()
  await renderSettingsPage(<EmailPreferencesPage />, '/settings/email-preferences', client)
  return { client, user: userEvent.setup() }
}

describe('EmailPreferencesPage', () => {
  it('saves the choices with a one-week pause of alerts', async () => {
    const puts = stored(DEFAULTS)
    const { user } = await open()
    await user.click(await screen.findByLabelText('Product news and new features'))
    await user.click(screen.getByLabelText('For 1 week'))
    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))
    expect(await screen.findByText('Your email preferences have been saved')).toBeInTheDocument()
    expect(puts).toHaveLength(1)
    const sent = puts[0]
    expect({ ...sent, alerts_paused_until: null }).toEqual({ ...DEFAULTS, product_news: true })
    const until = Date.parse(sent?.alerts_paused_until ?? '')
    expect(until - before).toBeGreaterThanOrEqual(7 * DAY - 1000)
    expect(until - before).toBeLessThanOrEqual(7 * DAY + 5000)
    expect(screen.getByLabelText(/Keep paused until/)).toBeChecked()
  })

  it('shows a running pause and resumes alerts on request', async () => {
    const until = new Date(Date.now() + 3 * DAY).toISOString()
    const puts = stored({ ...DEFAULTS, alerts_paused_until: until })
    const { user } = await open()
    expect(await screen.findByText(/Alerts are paused until/)).toBeInTheDocument()
    expect(screen.getByLabelText(/Keep paused until/)).toBeChecked()
    await user.click(screen.getByLabelText('Resume alerts now'))
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))
    await screen.findByText('Your email preferences have been saved')
    expect(puts).toEqual([{ ...DEFAULTS, alerts_paused_until: null }])
  })

  it('queues the save offline and sends it after reconnect', async () => {
    const puts = stored(DEFAULTS)
    const { client, user } = await open()
    await user.click(await screen.findByLabelText('Monthly report cards'))
    onlineManager.setOnline(false)
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))
    expect(
      await screen.findByText('Your email preferences are saved on this device'),
    ).toBeInTheDocument()
    expect(queuedChanges(client)).toMatchObject([
      { mutationKey: [...EMAIL_PREFERENCES_SAVE_KEY], waiting: true },
    ])
    expect(puts).toEqual([])
    onlineManager.setOnline(true)
    await client.resumePausedMutations()
    await waitFor(() => {
      expect(puts).toEqual([{ ...DEFAULTS, report_cards: false }])
    })
  })
})
