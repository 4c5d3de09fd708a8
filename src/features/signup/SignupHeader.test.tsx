import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageLoad } from '../shell'
import { renderInRouter } from '../shell/testing/render-in-router'
import { flushDrafts } from './draft'
import { SignupHeader } from './SignupHeader'

vi.mock('./draft', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./draft')>()),
  flushDrafts: vi.fn(() => Promise.resolve()),
}))

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('SignupHeader', () => {
  it('is the app’s header with the language picker; a choice writes the draft, then reloads', async () => {
    const order: string[] = []
    vi.mocked(flushDrafts).mockImplementation(() => {
      order.push('draft')
      return Promise.resolve()
    })
    const reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => {
      order.push('reload')
    })
    await renderInRouter(<SignupHeader programme={null} />, '/signup/sa')
    const user = userEvent.setup()
    const nav = screen.getByRole('navigation', { name: 'Sign-up' })
    expect(nav.closest('header')).not.toBeNull()
    await user.click(screen.getByRole('button', { name: /English \(UK\)/ }))
    await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }))
    await vi.waitFor(
      () => {
        expect(reload).toHaveBeenCalledOnce()
      },
      { timeout: 5_000 },
    )
    expect(order).toEqual(['draft', 'reload'])
    expect(localStorage.getItem('wb.locale')).toBe('ar-SA')
  })
})
