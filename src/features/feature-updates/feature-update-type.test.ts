import { describe, expect, it } from 'vitest'
import type { ActiveView } from '../../session'
import { sessionFixture } from '../shell/testing/render-in-router'
import { featureUpdateApps, featureUpdateTypeFor } from './feature-update-type'

describe('featureUpdateTypeFor', () => {
  it.each<{ view: ActiveView; volunteer: boolean; expected: string | null }>([
    { view: { type: 'consumer', unitId: 1 }, volunteer: false, expected: 'consumer' },
    { view: { type: 'enterprise', panelId: 3 }, volunteer: false, expected: 'enterprise' },
    { view: { type: 'admin' }, volunteer: false, expected: 'enterprise' },
    { view: { type: 'signup' }, volunteer: false, expected: null },
    { view: { type: 'redirect' }, volunteer: false, expected: null },
    { view: { type: 'consumer', unitId: 1 }, volunteer: true, expected: null },
  ])('$view.type (volunteer $volunteer) → $expected', ({ view, volunteer, expected }) => {
    expect(featureUpdateTypeFor(view, volunteer)).toBe(expected)
  })
})

describe('featureUpdateApps', () => {
  it.each([
    { kind: 'consumer', has: 'dashboard', lacks: 'constant-care' },
    { kind: 'enterprise', has: 'faqs', lacks: 'internal-tools' },
  ] as const)('$kind has $has, not $lacks', ({ kind, has, lacks }) => {
    const apps = featureUpdateApps(sessionFixture(kind))
    expect(apps).toContain(has)
    expect(apps).not.toContain(lacks)
    expect(apps).toEqual([...apps].sort())
  })
})
