import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { switchView } from '../../session'
import { PanelPicker } from './PanelPicker'
import { renderInRouter, sessionFixture } from './testing/render-in-router'

/** The picker in the router, with a query client for the panels' logos (none answer here). */
function renderPicker(session: ReturnType<typeof sessionFixture>, logoOf: number | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  vi.stubGlobal('fetch', (input: string) =>
    Promise.resolve(
      logoOf !== null && input.includes(`/panels/${String(logoOf)}/logo`)
        ? new Response(png, { headers: { 'content-type': 'image/png' } })
        : new Response(null, { status: 404 }),
    ),
  )
  return renderInRouter(
    <QueryClientProvider client={client}>
      <PanelPicker session={session} />
    </QueryClientProvider>,
  )
}

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  switchView: vi.fn(),
}))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(switchView).mockClear()
})

describe('PanelPicker (seeds 001 §1)', () => {
  it.each([
    { kind: 'consumer' as const, name: 'a consumer' },
    { kind: 'multi' as const, name: 'one panel' },
    { kind: 'volunteer' as const, name: 'a volunteer' },
  ])('is not shown for $name', async ({ kind }) => {
    await renderPicker(sessionFixture(kind))
    expect(screen.queryByRole('button', { name: /Panel:/ })).not.toBeInTheDocument()
  })

  it('names the selected panel and lists the panels by front name, the selected one checked', async () => {
    await renderPicker(sessionFixture('enterprise'))
    const button = screen.getByRole('button', { name: 'Panel: Zephyr Broadband' })
    const user = userEvent.setup()
    await user.click(button)
    const items = screen.getAllByRole('menuitemradio')
    expect(items.map((item) => item.textContent.replace('✓', '').trim())).toEqual([
      'alpha panel',
      'Zephyr Broadband',
    ])
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual(['false', 'true'])
  })

  it('switches with the keyboard and stays on the page', async () => {
    await renderPicker(sessionFixture('enterprise'))
    const user = userEvent.setup()
    screen.getByRole('button', { name: /Panel:/ }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('menuitemradio', { name: /alpha panel/ })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(switchView).toHaveBeenCalledWith({ type: 'enterprise', panelId: 4 }, false, {
      navigate: expect.any(String) as string,
    })
  })

  it('choosing the selected panel again does nothing', async () => {
    await renderPicker(sessionFixture('enterprise'))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Panel:/ }))
    await user.click(screen.getByRole('menuitemradio', { name: /Zephyr Broadband/ }))
    expect(switchView).not.toHaveBeenCalled()
  })

  it('shows a panel’s logo beside its name in the menu, and nothing for a panel without one', async () => {
    await renderPicker(sessionFixture('enterprise'), 4)
    await userEvent.setup().click(screen.getByRole('button', { name: /Panel:/ }))
    const logo = await screen.findByRole('img', { name: 'Logo of alpha panel' })
    expect(logo.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(screen.queryByRole('img', { name: 'Logo of Zephyr Broadband' })).toBeNull()
  })
})
