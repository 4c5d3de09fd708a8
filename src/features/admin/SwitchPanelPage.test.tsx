import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { apiErrorResponse, apiUrl } from '../../api/testing/contract-handlers'
import { deauthenticate, switchView } from '../../session'
import { SwitchPanelPage } from './SwitchPanelPage'
import { adminSession, adminUrl, renderAsAdmin } from './testing/fixtures'

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  switchView: vi.fn(),
}))

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
/** No panel has a logo unless a test says so. */
const noLogos = http.get(apiUrl('admin', '/panels/:pid/logo'), () =>
  apiErrorResponse(404, { code: 'NOT_FOUND' }),
)
beforeEach(() => {
  server.use(noLogos)
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

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])

/** Presses the logo button and chooses `file` in the picker it opens. */
async function chooseLogo(user: ReturnType<typeof userEvent.setup>, button: string, file: File) {
  const picked: HTMLInputElement[] = []
  const open = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (
    this: HTMLInputElement,
  ) {
    picked.push(this)
  })
  await user.click(await screen.findByRole('button', { name: button }))
  open.mockRestore()
  const input = picked[0]
  if (!input) throw new Error('no file picker opened')
  expect(input.accept).toBe('image/png,image/jpeg,image/webp')
  Object.defineProperty(input, 'files', { value: [file] })
  input.dispatchEvent(new Event('change'))
}

/** The admin of panel 3, super admin of its organisation. */
const superAdmin = () => adminSession(undefined, { Owner: { org_super_admin: [{ owner: 2 }] } })

describe('SwitchPanelPage: the panel’s logo', () => {
  it('shows each panel’s logo; a plain admin has no way to change it', async () => {
    server.use(
      http.get(adminUrl('/logo'), () =>
        HttpResponse.arrayBuffer(PNG.buffer, { headers: { 'content-type': 'image/png' } }),
      ),
    )
    await renderAsAdmin(<SwitchPanelPage />, { server, session: threePanels() })
    const logo = await screen.findByRole('img', { name: 'Logo of Southern Cross Constant Care' })
    expect(logo.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(screen.queryByRole('button', { name: /Choose a (new )?logo/ })).toBeNull()
  })

  it('the super admin uploads one, checked first: only an image of up to 256 KB is sent', async () => {
    const sent: { type: string | null; size: number }[] = []
    let stored: ArrayBuffer | null = null
    server.use(
      http.get(adminUrl('/logo'), () =>
        stored
          ? HttpResponse.arrayBuffer(stored, { headers: { 'content-type': 'image/png' } })
          : apiErrorResponse(404, { code: 'NOT_FOUND' }),
      ),
      http.post(adminUrl('/logo'), async ({ request }) => {
        const body = await request.arrayBuffer()
        sent.push({ type: request.headers.get('content-type'), size: body.byteLength })
        stored = body
        return HttpResponse.json({
          data: {
            panel_id: 3,
            content_type: 'image/png',
            bytes: body.byteLength,
            updated_at: '2026-11-29T01:00:00.000Z',
          },
        })
      }),
    )
    await renderAsAdmin(<SwitchPanelPage />, { server, session: superAdmin() })
    expect(await screen.findByText('This panel has no logo yet.')).toBeInTheDocument()
    const user = userEvent.setup()

    // An SVG (or anything not PNG, JPEG or WebP by its bytes) is refused before it is sent.
    await chooseLogo(
      user,
      'Choose a logo',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
        type: 'image/svg+xml',
      }),
    )
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument()
    // So is a PNG past 256 KB.
    const big = new File([PNG, new Uint8Array(256 * 1024)], 'big.png', { type: 'image/png' })
    await chooseLogo(user, 'Choose a logo', big)
    expect(
      await screen.findByText('This image is larger than 256 KB. Choose a smaller one.'),
    ).toBeInTheDocument()
    expect(sent).toEqual([])

    await chooseLogo(user, 'Choose a logo', new File([PNG], 'logo.png', { type: 'image/png' }))
    // Beside the panel's name, and in the card.
    await waitFor(() => {
      expect(
        screen.getAllByRole('img', { name: 'Logo of Southern Cross Constant Care' }),
      ).toHaveLength(2)
    })
    expect(sent).toEqual([{ type: 'image/png', size: PNG.byteLength }])
    expect(screen.getByRole('button', { name: 'Choose a new logo' })).toBeInTheDocument()
  })

  it('says so when the server refuses (a super admin of another organisation)', async () => {
    server.use(http.post(adminUrl('/logo'), () => apiErrorResponse(403, { code: 'FORBIDDEN' })))
    await renderAsAdmin(<SwitchPanelPage />, { server, session: superAdmin() })
    const user = userEvent.setup()
    await chooseLogo(user, 'Choose a logo', new File([PNG], 'logo.png', { type: 'image/png' }))
    expect(
      await screen.findByText('Only your organisation’s super admin can change this panel’s logo.'),
    ).toBeInTheDocument()
  })
})
