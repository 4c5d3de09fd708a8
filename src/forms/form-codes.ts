import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { CommonCodes, VALUED_FIELD_CODES, type FieldErrorValues } from '#contracts/errors.ts'
import { SettingsCodes } from '#contracts/settings.ts'
import { SignupCodes } from '#contracts/signup.ts'
import { ApiError, NetworkError } from '../api/http'

/**
 * A field's code as the form shows it: the contract's code, with the limit it broke for the
 * codes that have one (LENGTH_MIN 10 → "at least 10 characters").
 */
export type FieldCode = string | { code: string; value: number }

/** Field name → the code shown under it (the first one found). */
export type FieldCodes<F extends string = string> = Partial<Record<F, FieldCode>>

/** The code of a field code, without its value. */
export function codeOf(code: FieldCode): string {
  return typeof code === 'string' ? code : code.code
}

// Seeds 8.3: the sign-up's own codes, each with its fixed sentence.
const TOO_LONG_50 = msg`Cannot be more than 50 characters long.`
const OTHER_TOO_LONG = msg`Cannot be more than 50 characters long, contact us if you think this is incorrect.`
const FIXED: Record<string, MessageDescriptor> = {
  [SignupCodes.FIRST_NAME_TOO_LONG]: TOO_LONG_50,
  [SignupCodes.LAST_NAME_TOO_LONG]: TOO_LONG_50,
  [SignupCodes.EMAIL_IN_USE]: msg`You have already signed up with this email address, try another.`,
  [SignupCodes.EMAIL_INVALID]: msg`Please enter a valid email address.`,
  [SignupCodes.POSTCODE_TOO_LONG]: msg`Cannot be more than 100 characters long.`,
  [SignupCodes.ISP_INVALID]: msg`Not a valid service provider, contact us if you're having a problem.`,
  [SignupCodes.ISP_OTHER_TOO_LONG]: OTHER_TOO_LONG,
  [SignupCodes.PACKAGE_OTHER_TOO_LONG]: OTHER_TOO_LONG,
  [SignupCodes.PACKAGE_INVALID]: msg`Not a valid product.`,
  [CommonCodes.PASSWORD_UNCHANGED]: msg`The new password must be different from your current password.`,
  [CommonCodes.INVALID_PASSWORD_FORMAT]: msg`Use at least 10 characters with three of: lower case, upper case, digits and symbols.`,
  [CommonCodes.DOES_NOT_MATCH_PASSWORD]: msg`Passwords do not match.`,
  [SettingsCodes.DOES_NOT_MATCH_EMAIL]: msg`Emails do not match.`,
  // Seeds 001 §5: dashboards and reports.
  [CommonCodes.NO_NAME]: msg`Please give it a name.`,
  [CommonCodes.NO_CONTENTS]: msg`Add at least one block before saving.`,
}

/** Seeds 8.2: the codes every form knows, besides the fixed sentences above. */
const FIELD_CODES: readonly string[] = [
  CommonCodes.MISSING,
  CommonCodes.INVALID,
  CommonCodes.EXISTS,
  CommonCodes.NOT_FOUND,
  CommonCodes.LENGTH_MIN,
  CommonCodes.LENGTH_EXACT,
  CommonCodes.LENGTH_MAX,
]

/** Whether a code has a message of its own (an unknown one makes a refusal generic, seeds 8.3). */
export function isKnownFormCode(code: string): boolean {
  return code in FIXED || FIELD_CODES.includes(code)
}

/**
 * Seeds 5, 8.2 and 8.3: the message under a field for its code. `field` is the field's translated
 * name in lower case ("first name"); `missing` replaces "Please provide your …" for a field that
 * asks otherwise (a box to tick). An unknown code reads "This {field} is invalid."
 */
export function formCodeMessage(
  fieldCode: FieldCode,
  field: string,
  options: { missing?: MessageDescriptor } = {},
): MessageDescriptor {
  const code = codeOf(fieldCode)
  const value = typeof fieldCode === 'string' ? undefined : fieldCode.value
  const fixed = FIXED[code]
  if (fixed) return fixed
  switch (code) {
    case CommonCodes.MISSING:
      return options.missing ?? msg`Please provide your ${field}.`
    case CommonCodes.LENGTH_MIN:
      // Without a value, or at least 1: a required field left blank.
      return value === undefined || value <= 1
        ? (options.missing ?? msg`Please provide your ${field}.`)
        : msg`Your ${field} must be at least ${plural(value, { one: '# character', other: '# characters' })} long.`
    case CommonCodes.LENGTH_EXACT:
      return value === undefined
        ? msg`This ${field} is invalid.`
        : msg`Your ${field} must be exactly ${plural(value, { one: '# character', other: '# characters' })} long.`
    case CommonCodes.LENGTH_MAX:
      return value === undefined
        ? msg`This ${field} is too long.`
        : msg`Your ${field} can be at most ${plural(value, { one: '# character', other: '# characters' })} long.`
    case CommonCodes.EXISTS:
      return msg`This ${field} is already in use.`
    case CommonCodes.NOT_FOUND:
      return msg`This ${field} could not be found.`
    default:
      return msg`This ${field} is invalid.`
  }
}

/**
 * The field codes of a server's error map: `fieldOf` turns a server field name
 * ("address.line1") into the form's, or null when the form has no such field; a field's first
 * known code counts, unknown codes do not. A code the server gave a value for (`values`:
 * LENGTH_MIN 10) keeps it.
 */
export function fieldCodesOf<F extends string>(
  errors: Record<string, string | readonly string[]> | undefined,
  fieldOf: (serverField: string) => F | null,
  values?: FieldErrorValues,
): FieldCodes<F> {
  const codes: FieldCodes<F> = {}
  for (const [serverField, listed] of Object.entries(errors ?? {})) {
    const field = fieldOf(serverField)
    const code = [listed].flat().find(isKnownFormCode)
    if (field === null || code === undefined) continue
    const value = VALUED_FIELD_CODES.includes(code) ? values?.[serverField]?.[code] : undefined
    codes[field] ??= value === undefined ? code : { code, value }
  }
  return codes
}

/** What a failed send means for a form. */
export type Refusal<F extends string = string> =
  { kind: 'fields'; codes: FieldCodes<F> } | { kind: 'offline' } | { kind: 'other'; code?: string }

/**
 * Seeds 5: a refusal with codes on the form's fields shows them under the fields (`mapErrors`
 * may rewrite the server's map first); one with none
 * (or codes the form does not know) is a generic failure that keeps the server's code, so the form
 * can choose its alert; a lost connection is offline.
 */
export function refusalOf<F extends string>(
  error: unknown,
  fieldOf: (serverField: string) => F | null,
  mapErrors: (
    errors: Record<string, string | string[]> | undefined,
  ) => Record<string, string | readonly string[]> | undefined = (errors) => errors,
): Refusal<F> {
  if (error instanceof NetworkError) return { kind: 'offline' }
  if (!(error instanceof ApiError)) return { kind: 'other' }
  const codes = fieldCodesOf(mapErrors(error.errors), fieldOf, error.values)
  if (Object.keys(codes).length > 0) return { kind: 'fields', codes }
  return error.status >= 400 && error.status < 500
    ? { kind: 'other', code: error.code }
    : { kind: 'other' }
}

/** The fields of `order` that have a code, in that order (the summary's and focus's order). */
export function fieldsInError<F extends string>(codes: FieldCodes<F>, order: readonly F[]): F[] {
  return order.filter((field) => codes[field] !== undefined)
}

/** A `fieldOf` for a form whose fields are named as the server names them (`fields` or its keys). */
export function fieldIn<F extends string>(
  fields: readonly F[] | Readonly<Record<F, unknown>>,
): (serverField: string) => F | null {
  const names: readonly string[] = Array.isArray(fields) ? fields : Object.keys(fields)
  return (serverField) => (names.includes(serverField) ? (serverField as F) : null)
}
