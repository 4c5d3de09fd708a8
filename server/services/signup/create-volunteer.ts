import { packageTechnology } from '../../../contracts/signup-technology.ts'
import { SignupCodes } from '../../../contracts/signup.ts'
import type { Db } from '../../db/client.ts'
import { emailTaken, findIsp, findPackage } from '../../db/lookups.ts'
import { isUniqueViolation } from '../../db/pg-errors.ts'
import {
  passwordResetTokens,
  users,
  volunteerSignups,
  type SignupAddress,
} from '../../db/schema.ts'
import { addError, emailCode, type Choice, type FieldErrors } from './rules.ts'

// What both sign-up services (the standard form here, the Saudi study in signup-sa) do with the
// database to turn an application into an account: the same checks, the same records.

/** The user columns of a new volunteer. */
export type NewVolunteer = {
  email: string
  firstName: string
  lastName: string
  passwordHash: string
  defaultLocale: 'en_GB' | 'ar_SA' | 'fr_CA'
}

/** The account of an applicant: the names and email as sent, a password hash and a language. */
export function newVolunteer(
  payload: { email: string; first_name: string; last_name: string },
  passwordHash: string,
  defaultLocale: NewVolunteer['defaultLocale'],
): NewVolunteer {
  return {
    email: payload.email,
    firstName: payload.first_name,
    lastName: payload.last_name,
    passwordHash,
    defaultLocale,
  }
}

/** The sign-up record of a new volunteer (status signup). */
export type NewSignup = {
  owner: string
  countryId: number
  region: string | null
  city: string | null
  postcode: string | null
  mobileNumber: string | null
  fibreAvailability: boolean | null
  ispId: number | null
  ispOther: string | null
  packageId: number | null
  packageOther: string | null
  locale: string
  installationAddress: SignupAddress | null
  deliveryAddress: SignupAddress | null
}

/** An application to store: the account, its record and, without a usable password, its link. */
export type VolunteerApplication = {
  user: NewVolunteer
  signup: NewSignup
  /** The "choose your password" link's token (by hash) and expiry. */
  passwordToken?: { tokenHash: string; expiresAt: Date }
}

/** A known ISP or package id as a choice; null for absent, "other" and "I don't know". */
export function knownChoice(id: number | null | undefined): Choice | null {
  return id === undefined || id === null ? null : id > 0 ? { kind: 'known', id } : null
}

/**
 * Checks a known ISP against the country and a known package against its ISP (seeds 5: "ISP and
 * package must be valid ones"), filing ISP_INVALID / PACKAGE_INVALID under the given fields.
 */
export async function checkChoicesInDb(
  db: Db,
  input: {
    countryId: number | null
    isp: Choice | null
    package: Choice | null
    /** A fixed-line fibre study (seeds 000 §2.5): a named package must be a fibre one. */
    fibreOnly?: boolean
  },
  fields: { isp: string; package: string },
  errors: FieldErrors,
): Promise<void> {
  // Judged only on valid ground: no ISP verdict without a country, no package one without an ISP.
  if (input.isp?.kind === 'known' && input.countryId !== null && !errors.country) {
    const isp = await findIsp(db, input.isp.id)
    if (isp?.countryId !== input.countryId) addError(errors, fields.isp, SignupCodes.ISP_INVALID)
  }
  if (input.package?.kind === 'known' && !errors[fields.isp]) {
    const pkg = await findPackage(db, input.package.id)
    const ispId = input.isp?.kind === 'known' ? input.isp.id : null
    const offered = input.fibreOnly !== true || packageTechnology(pkg?.name ?? '') === 'fibre'
    if (!pkg || pkg.ispId !== ispId || !offered) {
      addError(errors, fields.package, SignupCodes.PACKAGE_INVALID)
    }
  }
}

/** Files EMAIL_IN_USE under `email` when a well-formed email already has an account. */
export async function checkEmailInDb(
  db: Db,
  email: string | undefined,
  errors: FieldErrors,
): Promise<void> {
  if (email && emailCode(email) === null && (await emailTaken(db, email))) {
    addError(errors, 'email', SignupCodes.EMAIL_IN_USE)
  }
}

/**
 * Creates the account, its sign-up record and (when given) the password link's token in one
 * transaction: all or nothing. 'email-in-use' when another application took the email meanwhile
 * (the unique index decides the race).
 */
export async function createVolunteer(
  db: Db,
  application: VolunteerApplication,
  now: Date,
): Promise<{ userId: number; signupId: number } | 'email-in-use'> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...application.user, passwordChangedAt: now })
        .returning({ id: users.id })
      if (!user) throw new Error('user insert returned nothing')
      const [record] = await tx
        .insert(volunteerSignups)
        .values({
          ...application.signup,
          userId: user.id,
          status: 'signup',
          agreedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: volunteerSignups.id })
      if (!record) throw new Error('sign-up insert returned nothing')
      if (application.passwordToken) {
        await tx
          .insert(passwordResetTokens)
          .values({ ...application.passwordToken, userId: user.id })
      }
      return { userId: user.id, signupId: record.id }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-in-use'
    throw error
  }
}
