import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { switchView } from '../../session'
import { PanelPicker } from './PanelPicker'
import { renderInRouter, sessionFixture } from './testing/render-in-router'

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  switchView: vi.fn(),
}))

afterEach(() => {
  vi.mocked(switchView).mockClear()
})

describe('PanelPicker (seeds 001 §1)', () => {
  it.each([
    { kind: 'consumer' as const, name: 'a consumer' },
    { kind: 'multi' as const, name: 'one panel' },
    { kind: 'volunteer' as const, name: 'a volunteer' },
  ])('is not shown for $name', async ({ kind }) => {
    await renderInRouter(<PanelPicker session={sessionFixture(kind)} />)
    expect(screen.queryByRole('button', { name: /Panel:/ })).not.toBeInTheDocument()
  })

  it('names the selected panel and lists the panels by front name, the selected one checked', async () => {
    await renderInRouter(<PanelPicker session={sessionFixture('enterprise')} />)
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
    await renderInRouter(<PanelPicker session={sessionFixture('enterprise')} />)
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
    await renderInRouter(<PanelPicker session={sessionFixture('enterprise')} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Panel:/ }))
    await user.click(screen.getByRole('menuitemradio', { name: /Zephyr Broadband/ }))
    expect(switchView).not.toHaveBeenCalled()
  })
})
