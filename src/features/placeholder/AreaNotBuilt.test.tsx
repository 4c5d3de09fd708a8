import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../session'
import { canUseArea } from '../shell'
import { renderInRouter, sessionFixture } from '../shell/testing/render-in-router'
import { AreaNotBuilt } from './AreaNotBuilt'

let currentSession: Session | null = null

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  useSession: () => currentSession,
}))

afterEach(() => {
  currentSession = null
})

describe('AreaNotBuilt', () => {
  it('says plainly that the area is not available and links home', async () => {
    currentSession = sessionFixture('consumer')
    await renderInRouter(<AreaNotBuilt area="faultFinder" />, '/fault-finder')
    expect(screen.getByRole('heading', { level: 1, name: 'Anomaly detection' })).toBeInTheDocument()
    expect(screen.getByText('This area is not available yet in this version.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  it('does not link to itself when it is the home page', async () => {
    currentSession = sessionFixture('consumer')
    await renderInRouter(<AreaNotBuilt area="dashboard" />, '/dashboard')
    expect(screen.queryByRole('link', { name: 'Go to your home page' })).not.toBeInTheDocument()
  })
})

describe('area guards follow the nav rule', () => {
  it.each([
    { kind: 'consumer' as const, area: 'dashboard' as const, allowed: true },
    { kind: 'consumer' as const, area: 'reports' as const, allowed: false },
    { kind: 'consumer' as const, area: 'internal-tools' as const, allowed: false },
    { kind: 'enterprise' as const, area: 'reports' as const, allowed: true },
    { kind: 'enterprise' as const, area: 'mapping' as const, allowed: true },
    { kind: 'enterprise' as const, area: 'test-manager' as const, allowed: false },
    { kind: 'enterprise' as const, area: 'constant-care' as const, allowed: false },
    { kind: 'volunteer' as const, area: 'dashboard' as const, allowed: false },
    { kind: 'volunteer' as const, area: 'faqs' as const, allowed: true },
  ])('$kind → $area: $allowed', ({ kind, area, allowed }) => {
    expect(canUseArea(sessionFixture(kind), area)).toBe(allowed)
  })
})
