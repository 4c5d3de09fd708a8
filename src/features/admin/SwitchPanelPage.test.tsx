import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { deauthenticate, switchView } from '../../session'
import { SwitchPanelPage } from './SwitchPanelPage'
import { adminSession, renderAsAdmin } from './testing/fixtures'

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  switchView: vi.fn(),
}))

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
  vi.mocked(switchView).mockClear()
})
afterAll(() => {
  server.close()
})

/** The admin on panel 3, also reaching panel 2 (admin there too) and panel 9 (analytics only). */
function threePanels() {
  const session = adminSession()
  return {
    ...session,
    grants: {
      ...session.grants,
      'test-measurements': {
        ...session.grants['test-measurements'],
        metadata_manage: [{ panel: 3 }, { panel: 2 }],
      },
    },
    accessibles: {
      ...session.accessibles,
      apollo: [
        { pid: 3, front_name: 'Southern Cross Constant Care' },
        { pid: 9, front_name: 'Analytics only' },
        { pid: 2, front_name: 'Multiview' },
      ],
    },
  }
}

describe('SwitchPanelPage (seeds 001 §2.6 switch-panel)', () => {
  it('lists the panels by name, marks the current one and opens /admin on the one chosen', async () => {
    await renderAsAdmin(<SwitchPanelPage />, { server, session: threePanels() })
    const list = screen.getByRole('list', { name: 'Panels' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Analytics onlyNo admin access',
      'MultiviewSwitch',
      'Southern Cross Constant CareCurrent panel',
    ])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Switch to Multiview' }))
    expect(switchView).toHaveBeenCalledWith({ type: 'enterprise', panelId: 2 }, false, {
      navigate: '/admin',
    })
    expect(screen.queryByRole('button', { name: 'Switch to Analytics only' })).toBeNull()
  })
})
