import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { onlineManager } from '@tanstack/react-query'
import { apiUrl } from '../api/testing/contract-handlers'
import { LOCALE_SAVE_KEY, queueChange, queueClient } from './mutations'
import { PendingChanges } from './PendingChanges'
import { readFailedChanges, recordFailedChange, setPendingChangesOpen } from './pending-changes'
import { queueTestClient, resetQueueTest, signInForTest, USER } from './testing/queue-test-utils'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(async () => {
  setPendingChangesOpen(false)
  server.resetHandlers()
  await resetQueueTest()
})
afterAll(() => {
  server.close()
})

/** One change refused by the server and one waiting offline. */
async function withOneFailedAndOneQueued() {
  signInForTest()
  queueTestClient()
  recordFailedChange({
    mutationKey: ['locale', 'save'],
    variables: { sub: USER.sub, locale: 'ar_SA' },
    submittedAt: Date.UTC(2026, 10, 21, 14, 2),
    refusal: { status: 422, code: 'VALIDATION_FAIL', errors: { default_locale: 'INVALID' } },
  })
  onlineManager.setOnline(false)
  await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'fr_CA' })
  render(
    <I18nProvider i18n={i18n}>
      <button type="button">Before</button>
      <PendingChanges />
    </I18nProvider>,
  )
  return userEvent.setup()
}

describe('PendingChanges', () => {
  it('shows nothing when no change is pending', () => {
    signInForTest()
    queueTestClient()
    render(
      <I18nProvider i18n={i18n}>
        <PendingChanges />
      </I18nProvider>,
    )
    expect(screen.queryByRole('button', { name: /Pending changes/ })).not.toBeInTheDocument()
  })

  it('lists queued and refused changes with what was sent and the server answer', async () => {
    const user = await withOneFailedAndOneQueued()
    await user.click(screen.getByRole('button', { name: 'Pending changes (2): 1 not accepted' }))

    const dialog = screen.getByRole('dialog', { name: 'Pending changes' })
    const [failed, queued] = within(dialog)
      .getAllByRole('listitem', { name: '' })
      .filter((li) => li.hasAttribute('data-testid'))
    expect(failed).toHaveTextContent('The server did not accept these values.')
    expect(failed).toHaveTextContent('default_locale: INVALID')
    expect(failed).toHaveTextContent('Default languageالعربية')
    expect(within(failed as HTMLElement).getByRole('button', { name: 'Retry' })).toBeVisible()
    expect(within(failed as HTMLElement).getByRole('button', { name: 'Discard' })).toBeVisible()
    expect(queued).toHaveTextContent('Waiting for a connection')
    expect(queued).toHaveTextContent('Default languageFrançais (Canada)')
  })

  it('traps focus, closes on Escape and gives focus back', async () => {
    const user = await withOneFailedAndOneQueued()
    const opener = screen.getByRole('button', { name: /Pending changes/ })
    await user.click(opener)
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveFocus()

    const buttons = within(dialog).getAllByRole('button')
    buttons.at(-1)?.focus()
    await user.tab()
    expect(buttons[0]).toHaveFocus()
    await user.tab({ shift: true })
    expect(buttons.at(-1)).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('Discard removes the refused change', async () => {
    const user = await withOneFailedAndOneQueued()
    await user.click(screen.getByRole('button', { name: /Pending changes/ }))
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(readFailedChanges(USER.userId)).toEqual([])
    expect(screen.getByRole('button', { name: 'Pending changes (1)' })).toBeInTheDocument()
  })

  it('Retry puts the refused change back in the queue, behind the earlier one', async () => {
    const user = await withOneFailedAndOneQueued()
    const sent: unknown[] = []
    server.use(
      http.put(apiUrl('zeus', `/users/${USER.sub}/personal_information`), async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ data: {} })
      }),
    )
    await user.click(screen.getByRole('button', { name: /Pending changes/ }))
    await user.click(screen.getByRole('button', { name: 'Retry' }))

    await waitFor(() => {
      expect(screen.getAllByTestId('pending-change-queued')).toHaveLength(2)
    })
    expect(readFailedChanges(USER.userId)).toEqual([])

    onlineManager.setOnline(true)
    await queueClient()?.resumePausedMutations()
    await waitFor(() => {
      expect(sent).toEqual([{ default_locale: 'fr_CA' }, { default_locale: 'ar_SA' }])
    })
    await waitFor(() => {
      expect(screen.getByText('Every change you made has reached the server.')).toBeVisible()
    })
  })
})
