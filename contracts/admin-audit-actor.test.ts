import { describe, expect, it } from 'vitest'
import { STAFF_ORGANISATION_ID } from './access.ts'
import { auditActorShown } from './admin.ts'

describe('auditActorShown (issue 25: other organisations’ staff are not named by email)', () => {
  it.each([
    { actor: 7, panel: 7, shown: { kind: 'email' } },
    { actor: STAFF_ORGANISATION_ID, panel: 7, shown: { kind: 'role', role: 'whitebox_staff' } },
    { actor: 8, panel: 7, shown: { kind: 'role', role: 'other_organisation' } },
    { actor: null, panel: 7, shown: { kind: 'role', role: 'other_organisation' } },
    { actor: null, panel: null, shown: { kind: 'role', role: 'other_organisation' } },
    { actor: 7, panel: null, shown: { kind: 'role', role: 'other_organisation' } },
    // A staff panel's own audit shows its staff by email.
    { actor: STAFF_ORGANISATION_ID, panel: STAFF_ORGANISATION_ID, shown: { kind: 'email' } },
  ] as const)('an actor of organisation $actor on a panel of $panel: $shown.kind', (row) => {
    expect(auditActorShown(row.actor, row.panel)).toEqual(row.shown)
  })
})
