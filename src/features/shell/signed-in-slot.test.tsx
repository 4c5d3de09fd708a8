import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Session } from '../../session'
import { Navbar } from './Navbar'
import { signedInChrome } from './signed-in-slot'
import { renderInRouter, sessionFixture } from './testing/render-in-router'

let currentSession: Session | null = null

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  useSession: () => currentSession,
}))

// One file, one module instance: the slot starts unloaded here, as it does on the sign-in page.
describe('the shell’s signed-in parts', () => {
  it('are not loaded for a visitor, whose bar offers the language instead', async () => {
    currentSession = null
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    expect(screen.getByRole('button', { name: /Language/ })).toBeInTheDocument()
    expect(signedInChrome.current()).toBeNull()
  })

  it('show the account menu as soon as they arrive, without a reload of the bar', async () => {
    currentSession = sessionFixture('consumer')
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    expect(screen.queryByRole('button', { name: /Sam/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Language/ })).not.toBeInTheDocument()
    await act(() => signedInChrome.load())
    expect(await screen.findByRole('button', { name: /Sam/ })).toBeInTheDocument()
  })
})
