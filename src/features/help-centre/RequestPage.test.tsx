import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { onlineManager } from '@tanstack/react-query'
import * as v from 'valibot'
import type { HcRequestSchema } from '#contracts/help-centre.ts'
import { apiErrorResponse, apiUrl, signInHandlers } from '../../api/testing/contract-handlers'
import { startOnlineTracking } from '../../offline/online-state'
import { queuedChanges } from '../../offline/pending-changes'
import { signInForTest, USER } from '../../offline/testing/queue-test-utils'
import { FLAG_KEYS } from '../../session/local-flags'
import { clearStore, loadFromStorage } from '../../session/store'
import { helpCentreDb } from './hc-db'
import { HC_REQUEST_SEND_KEY, resetStartedSendsForTests } from './queue'
import { draftKeyFor, resetDraftsForTests } from './request-draft'
import { hcHandlers } from './testing/hc-fixtures'
import { helpCentreTestClient, renderHelpCentre } from './testing/render-help-centre'

const requests: v.InferOutput<typeof HcRequestSchema>[] = []
const server = setupServer(
  ...hcHandlers({ requests }),
  ...signInHandlers({
    payload: { user_id: USER.userId, sub: USER.sub },
    personal: {
      first_name: 'Sam',
      last_name: 'Jones',
      email: 'consumer@example.com',
      default_locale: 'en_GB',
    },
  }),
)
let stopTracking: () => void = () => undefined

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  stopTracking = startOnlineTracking()
})
afterEach(async () => {
  server.resetHandlers()
  requests.length = 0
  stopTracking()
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
  clearStore()
  resetDraftsForTests()
  resetStartedSendsForTests()
  await (await helpCentreDb()).clear('drafts')
})
afterAll(() => {
  server.close()
})

function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

async function fill(fields: { name?: string; email?: string; subject?: string; body?: string }) {
  const user = userEvent.setup()
  await screen.findByLabelText('Your name')
  if (fields.name !== undefined) await user.type(screen.getByLabelText('Your name'), fields.name)
  if (fields.email !== undefined) {
    await user.type(screen.getByLabelText('Email address'), fields.email)
  }
  if (fields.subject !== undefined)
    await user.type(screen.getByLabelText('Subject'), fields.subject)
  if (fields.body !== undefined) await user.type(screen.getByLabelText(/^Description/), fields.body)
  return user
}

async function storedDraft(key: string) {
  return (await helpCentreDb()).get('drafts', key) as Promise<Record<string, unknown> | undefined>
}

describe('request form', () => {
  it('checks every field and focuses the first one in error (seeds 5 messages)', async () => {
    await renderHelpCentre('/hc/en-gb/requests/new')
    const user = await fill({ email: 'not-an-email' })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your name.')).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('This email address is invalid.')).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your subject.')).toHaveLength(2)
    // Under the field and in the error summary.
    expect(screen.getAllByText('Please provide your description.')).toHaveLength(2)
    expect(screen.getByLabelText('Your name')).toHaveFocus()
    expect(requests).toEqual([])
  })

  it('keeps the draft on this device and restores it on return', async () => {
    const { unmount } = await renderHelpCentre('/hc/en-gb/requests/new')
    await fill({ name: 'Ana', subject: 'No results', body: 'Since Monday' })
    await waitFor(async () => {
      expect(await storedDraft('visitor')).toMatchObject({
        subject: 'No results',
        body: 'Since Monday',
      })
    })
    unmount()
    resetDraftsForTests() // a reload: only IndexedDB is left

    await renderHelpCentre('/hc/en-gb/requests/new')
    expect(await screen.findByLabelText('Subject')).toHaveValue('No results')
    expect(screen.getByLabelText('Your name')).toHaveValue('Ana')
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Since Monday')
  })

  it('sends online and confirms with the request number; the draft is cleared', async () => {
    await renderHelpCentre('/hc/en-gb/requests/new')
    const user = await fill({
      name: 'Ana',
      email: 'ana@example.com',
      subject: 'No results',
      body: 'Since Monday',
    })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Your request has been sent')).toBeInTheDocument()
    expect(screen.getByText('Your request number is 501. We will answer by email.')).toBeVisible()
    expect(requests).toEqual([
      {
        request: {
          requester: { name: 'Ana', email: 'ana@example.com' },
          subject: 'No results',
          comment: { body: 'Since Monday' },
          priority: 'low',
          tags: ['help_centre', 'hc_en-gb'],
        },
      },
    ])
    expect(await storedDraft('visitor')).toMatchObject({ subject: '', body: '', pending: null })
    await user.click(screen.getByRole('button', { name: 'Send another request' }))
    expect(screen.getByLabelText('Subject')).toHaveValue('')
  })

  it('puts a refusal back into the form under its field', async () => {
    server.use(
      http.post(apiUrl('hc', '/requests'), () =>
        apiErrorResponse(400, {
          code: 'VALIDATION_FAIL',
          errors: { 'request.requester.email': 'INVALID' },
        }),
      ),
    )
    await renderHelpCentre('/hc/en-gb/requests/new')
    const user = await fill({ name: 'Ana', email: 'ana@example.com', subject: 'S', body: 'B' })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findAllByText('This email address is invalid.')).toHaveLength(2)
    await waitFor(() => {
      expect(screen.getByLabelText('Email address')).toHaveFocus()
    })
    expect(screen.getByLabelText('Subject')).toHaveValue('S')
  })
})

describe('request form offline', () => {
  it('queues the send, says it goes out when back online, and sends it on reconnect', async () => {
    signInForTest()
    const client = helpCentreTestClient()
    await renderHelpCentre('/hc/en-gb/requests/new', client)
    // Signed in: name and email come from the account.
    expect(await screen.findByLabelText('Your name')).toHaveValue('Sam Jones')
    expect(screen.getByLabelText('Email address')).toHaveValue('consumer@example.com')

    setConnection(false)
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    const user = await fill({ subject: 'Box offline', body: 'Lights are red' })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(
      await screen.findByText("Your request will be sent when you're back online"),
    ).toBeInTheDocument()
    expect(screen.getByText('Box offline')).toBeInTheDocument()
    // In the queue of the pending changes panel, waiting for a connection.
    expect(queuedChanges(client)).toMatchObject([
      { mutationKey: [...HC_REQUEST_SEND_KEY], waiting: true },
    ])
    expect(await storedDraft(draftKeyFor(USER.userId))).toMatchObject({
      pending: { request: { request: { subject: 'Box offline' } } },
    })
    expect(requests).toEqual([])

    setConnection(true)
    expect(await screen.findByText('Your request has been sent')).toBeInTheDocument()
    expect(requests).toHaveLength(1)
    expect(requests[0]?.request).toMatchObject({
      requester: { name: 'Sam Jones', email: 'consumer@example.com' },
      subject: 'Box offline',
    })
    await waitFor(() => {
      expect(queuedChanges(client)).toEqual([])
    })
  })

  it('a visitor reloads with a queued request: it is sent after reconnect', async () => {
    setConnection(false)
    const first = await renderHelpCentre('/hc/en-gb/requests/new')
    const user = await fill({ name: 'Ana', email: 'ana@example.com', subject: 'S', body: 'B' })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    await screen.findByText("Your request will be sent when you're back online")
    first.unmount()
    // A reload: memory and the query client are gone, IndexedDB stays.
    resetDraftsForTests()
    resetStartedSendsForTests()

    await renderHelpCentre('/hc/en-gb', helpCentreTestClient())
    setConnection(true)
    await waitFor(() => {
      expect(requests).toHaveLength(1)
    })
    await waitFor(async () => {
      expect(await storedDraft('visitor')).toMatchObject({
        pending: null,
        sent: { requestId: 501 },
      })
    })
  })
})

describe('enterprise view', () => {
  it('has no request form and no link to it', async () => {
    // The session's background refresh (at idle) reads this user's panels: still the enterprise
    // view when the page takes longer than that to show (a busy machine).
    server.use(
      ...signInHandlers({
        payload: { user_id: USER.userId, sub: USER.sub },
        accessibles: {
          apollo: [{ pid: 3, front_name: 'Zephyr Broadband' }],
          units: [],
          volunteer: null,
          administration: null,
        },
      }),
    )
    signInForTest()
    const stored = JSON.parse(localStorage.getItem(FLAG_KEYS.session) ?? '{}') as object
    localStorage.setItem(
      FLAG_KEYS.session,
      JSON.stringify({ ...stored, view: { type: 'enterprise', panelId: 3 } }),
    )
    loadFromStorage()
    await renderHelpCentre('/hc/en-gb/requests/new')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    await renderHelpCentre('/hc/en-gb')
    expect(screen.queryByRole('link', { name: 'Submit a request' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/')
  })
})
