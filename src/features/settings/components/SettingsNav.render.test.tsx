import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderInRouter, sessionFixture } from '../../shell/testing/render-in-router'
import { SettingsNav } from './SettingsNav'

vi.mock('../../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../session')>()),
  useSession: () => sessionFixture('consumer'),
}))

describe('SettingsNav (issue 22 §4: one settings navigation)', () => {
  it('marks the page open and says where My Whitebox leads', async () => {
    await renderInRouter(<SettingsNav />, '/settings/personal-details')
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    expect(screen.getAllByRole('navigation')).toHaveLength(1)
    expect(within(nav).getByRole('link', { name: 'Personal details' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // The seeds' redirect stays; the link says where it goes.
    const myWhitebox = within(nav).getByRole('link', { name: 'My Whitebox' })
    expect(myWhitebox).toHaveAttribute('href', '/settings/my-whitebox')
    expect(myWhitebox).toHaveAccessibleDescription('Opens your dashboard’s details')
  })
})
