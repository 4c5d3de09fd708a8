import { describe, expect, it } from 'vitest'
import type { Session } from '../../session'
import {
  canSearchUnits,
  canTriggerTests,
  canViewUnitPages,
  hasScannerGrant,
  FAULT_FINDER_NEED,
  panelReset,
  unitSearchPanelReset,
  unitSearchScope,
} from './access'
import { engineerSession } from './testing/fixtures'

const onPanel2 = engineerSession({ view: { type: 'enterprise', panelId: 2 } })
const twoSearchPanels = engineerSession({
  view: { type: 'enterprise', panelId: 2 },
  grants: {
    Unit: { search: [{ panel: 3 }, { panel: 4 }], test_view: [{ panel: 3 }] },
  },
  accessibles: {
    ...engineerSession().accessibles,
    apollo: [
      { pid: 2, front_name: 'Multiview' },
      { pid: 3, front_name: 'Zulu Constant Care' },
      { pid: 4, front_name: 'Alpha Constant Care' },
    ],
  },
})

describe('unitSearchPanelReset (seeds 001 §2.4)', () => {
  it.each<{ name: string; session: Session; expected: number | null }>([
    { name: 'panel already allows unit search', session: engineerSession(), expected: null },
    { name: 'another panel: reset to the one allowed', session: onPanel2, expected: 3 },
    {
      name: 'several allowed: the first by front name',
      session: twoSearchPanels,
      expected: 4,
    },
    {
      name: 'global access skips the reset',
      session: { ...onPanel2, hasGlobalAccess: true },
      expected: null,
    },
    {
      name: 'no panel allows it: stay (the guard answers not-found)',
      session: { ...onPanel2, grants: {} },
      expected: null,
    },
    {
      name: 'consumer view: no selected panel to reset',
      session: engineerSession({ view: { type: 'consumer', unitId: 1 } }),
      expected: null,
    },
  ])('$name', ({ session, expected }) => {
    expect(unitSearchPanelReset(session)).toBe(expected)
  })
})

describe("the fault finder's panel reset (seeds 001 §2.4)", () => {
  const anomalies = (panels: number[]) =>
    engineerSession({
      view: { type: 'enterprise', panelId: 2 },
      grants: { 'anomaly-detection': { view: panels.map((panel) => ({ panel })) } },
      accessibles: twoSearchPanels.accessibles,
    })
  it.each<{ name: string; session: Session; expected: number | null }>([
    { name: 'panel already allows anomaly detection', session: anomalies([2]), expected: null },
    { name: 'another panel: reset to the one allowed', session: anomalies([3]), expected: 3 },
    { name: 'several allowed: the first by front name', session: anomalies([3, 4]), expected: 4 },
    {
      name: 'global access skips the reset',
      session: { ...anomalies([3]), hasGlobalAccess: true },
      expected: null,
    },
    // Unit search alone does not count: the reset follows the area's own permission.
    { name: 'only unit search: stay', session: twoSearchPanels, expected: null },
  ])('$name', ({ session, expected }) => {
    expect(panelReset(session, FAULT_FINDER_NEED)).toBe(expected)
  })
})

describe('unit page permissions', () => {
  it.each<{ name: string; session: Session; pages: boolean; scanner: boolean }>([
    { name: 'engineer on panel 3', session: engineerSession(), pages: true, scanner: true },
    { name: 'engineer on panel 2', session: onPanel2, pages: false, scanner: false },
    {
      // Seeds 6: global access is no bypass of Unit test_view (issue 21 §1).
      name: 'global access (Administration) on panel 2',
      session: { ...onPanel2, grants: { Administration: { units: true } }, hasGlobalAccess: true },
      pages: false,
      scanner: false,
    },
    {
      name: 'consumer view',
      session: engineerSession({ view: { type: 'consumer', unitId: 1 } }),
      pages: false,
      scanner: false,
    },
  ])('$name: unit pages $pages, scanner $scanner', ({ session, pages, scanner }) => {
    expect(canViewUnitPages(session)).toBe(pages)
    expect(hasScannerGrant(session)).toBe(scanner)
  })

  it.each<{ panelId: number | null; grants: Session['grants'] | null; expected: boolean }>([
    { panelId: 3, grants: null, expected: true },
    { panelId: 2, grants: null, expected: false },
    { panelId: null, grants: null, expected: false },
    // Seeds 6: global access is no bypass of Agent trigger_testing; a developer passes.
    { panelId: 3, grants: { Administration: { units: true } }, expected: false },
    { panelId: null, grants: { Global: { developer: true } }, expected: true },
  ])('instant tests on panel $panelId with $grants: $expected', ({ panelId, grants, expected }) => {
    const session = engineerSession()
    expect(canTriggerTests(grants ? { ...session, grants } : session, panelId)).toBe(expected)
  })
})

describe('unit search for global access without a panel (staff)', () => {
  // The staff demo account: Global senior_developer and Administration grants, no panel, admin view.
  const staff: Session = engineerSession({
    view: { type: 'admin' },
    grants: { Global: { senior_developer: true } },
    hasGlobalAccess: true,
    accessibles: { ...engineerSession().accessibles, apollo: [] },
  })

  it.each<{ name: string; session: Session; search: boolean; scope: number | 'all' | null }>([
    { name: 'staff, admin view', session: staff, search: true, scope: 'all' },
    { name: 'engineer on panel 3', session: engineerSession(), search: true, scope: 3 },
    { name: 'engineer on panel 2', session: onPanel2, search: false, scope: 2 },
    {
      name: 'engineer in the consumer view',
      session: engineerSession({ view: { type: 'consumer', unitId: 1 } }),
      search: false,
      scope: null,
    },
  ])('$name', ({ session, search, scope }) => {
    expect(canSearchUnits(session)).toBe(search)
    expect(unitSearchScope(session)).toBe(scope)
  })

  it('opens unit pages for staff in the admin view', () => {
    expect(canViewUnitPages(staff)).toBe(true)
    expect(unitSearchPanelReset(staff)).toBeNull()
  })
})
