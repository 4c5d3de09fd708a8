import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveDefaultLocale, type Session } from '../../session'
import { LanguagePicker } from './LanguagePicker'
import { AccountSwitcher } from './AccountSwitcher'
import { pageLoad } from './page-reload'
import { renderInRouter, sessionFixture } from './testing/render-in-router'

let currentSession: Session | null = null

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  useSession: () => currentSession,
  saveDefaultLocale: vi.fn(() => Promise.resolve()),
}))

beforeEach(() => {
  vi.spyOn(pageLoad, 'reload').mockImplementation(() => undefined)
})

afterEach(() => {
  currentSession = null
  vi.mocked(saveDefaultLocale).mockClear()
  vi.restoreAllMocks()
})

describe('language picker', () => {
  it('lists the locale table with the active one checked', async () => {
    await renderInRouter(<LanguagePicker />)
    await userEvent.setup().click(screen.getByRole('button', { name: /Language/ }))
    const names = screen.getAllByRole('menuitemradio').map((i) => i.querySelector('[lang]'))
    expect(names.map((n) => n?.getAttribute('lang'))).toEqual(['en-GB', 'ar-SA', 'fr-CA'])
    expect(names[1]).toHaveAttribute('dir', 'rtl')
    expect(screen.getByRole('menuitemradio', { name: 'English (UK)' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  })

  it('for a visitor: stores the locale and reloads, without telling the server', async () => {
    await renderInRouter(<LanguagePicker />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Language/ }))
    await user.click(screen.getByRole('menuitemradio', { name: 'Français (Canada)' }))
    expect(localStorage.getItem('wb.locale')).toBe('fr-CA')
    expect(saveDefaultLocale).not.toHaveBeenCalled()
    expect(pageLoad.reload).toHaveBeenCalledTimes(1)
  })

  it.each([
    { path: '/dashboard', saved: true },
    { path: '/no-access', saved: false },
  ])(
    'for a signed-in user on $path: saves the default locale ($saved) and reloads',
    async ({ path, saved }) => {
      currentSession = sessionFixture('consumer')
      await renderInRouter(<AccountSwitcher session={currentSession} />, path)
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: /Sam/ }))
      await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }))
      expect(localStorage.getItem('wb.locale')).toBe('ar-SA')
      if (saved) expect(saveDefaultLocale).toHaveBeenCalledWith('ar_SA')
      else expect(saveDefaultLocale).not.toHaveBeenCalled()
      expect(pageLoad.reload).toHaveBeenCalledTimes(1)
    },
  )

  it('does nothing when the active locale is chosen again', async () => {
    await renderInRouter(<LanguagePicker />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Language/ }))
    await user.click(screen.getByRole('menuitemradio', { name: 'English (UK)' }))
    expect(pageLoad.reload).not.toHaveBeenCalled()
  })
})
