import * as v from 'valibot'
import { AccessiblesSchema, GrantsSchema } from '#contracts/auth.ts'
import { OrganisationSchema, PreferencesSchema } from '#contracts/accounts.ts'
import type { ActiveView, Session } from './session.types'

export const ActiveViewSchema = v.variant('type', [
  v.object({ type: v.literal('enterprise'), panelId: v.number() }),
  v.object({ type: v.literal('consumer'), unitId: v.number() }),
  v.object({ type: v.literal('admin') }),
  v.object({ type: v.literal('signup') }),
  v.object({ type: v.literal('redirect') }),
])

/** The persisted session (wb.session), parsed on reload like any other boundary. */
export const SessionSchema = v.object({
  userId: v.number(),
  sub: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  organisation: v.nullable(OrganisationSchema),
  grants: GrantsSchema,
  accessibles: AccessiblesSchema,
  preferences: PreferencesSchema,
  view: ActiveViewSchema,
  isStaff: v.boolean(),
  hasGlobalAccess: v.boolean(),
  // Absent from sessions kept by earlier versions: unknown until the next sign-in or renewal.
  ownerId: v.optional(v.nullable(v.number()), null),
  organisationOwnerId: v.optional(v.nullable(v.number()), null),
  migrated: v.boolean(),
})

/** The remembered view choice, kept per user (wb.remember). */
export const RememberedViewSchema = v.object({ userId: v.number(), view: ActiveViewSchema })

// Compile-time check that the schemas and the agreed types stay the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
export type SessionSchemaMatchesType = Assert<Same<v.InferOutput<typeof SessionSchema>, Session>>
export type ViewSchemaMatchesType = Assert<Same<v.InferOutput<typeof ActiveViewSchema>, ActiveView>>
