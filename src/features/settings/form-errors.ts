import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError, NetworkError } from '../../api/http'

/**
 * Seeds 5 and 8.2: the message under a field for a form code ("Please provide your {field}", "This
 * {field} is invalid"). `field` is the field's translated name in lower case ("first name").
 */
export function fieldErrorMessage(code: string, field: string): MessageDescriptor {
  switch (code) {
    case 'MISSING':
    case 'LENGTH_MIN':
      return msg`Please provide your ${field}.`
    case 'EXISTS':
      return msg`This ${field} is already in use.`
    case 'NOT_FOUND':
      return msg`This ${field} could not be found.`
    case 'PASSWORD_UNCHANGED':
      return msg`The new password must be different from your current password.`
    case 'INVALID_PASSWORD_FORMAT':
      return msg`This password does not meet the requirements.`
    case 'DOES_NOT_MATCH_PASSWORD':
      return msg`Passwords do not match.`
    case 'DOES_NOT_MATCH_EMAIL':
      return msg`Emails do not match.`
    default:
      return msg`This ${field} is invalid.`
  }
}

/** Field name → the form code shown under it (the first one the server gave). */
export type FieldCodes = Record<string, string>

/** What a failed submit means for a form. */
export type SubmitFailure =
  | { kind: 'fields'; codes: FieldCodes }
  | { kind: 'offline' }
  | { kind: 'code'; code: string }
  | { kind: 'other' }

/**
 * Maps a refusal to the form's fields: `fieldOf` turns a server field name ("address.line1") into
 * the form's ("line1"), or null when the form has no such field. Seeds 5: when no error maps to a
 * field, or there are none, a generic error shows (the caller gets the code to choose it).
 */
export function submitFailure(
  error: unknown,
  fieldOf: (serverField: string) => string | null = (name) => name,
): SubmitFailure {
  if (error instanceof NetworkError) return { kind: 'offline' }
  if (!(error instanceof ApiError)) return { kind: 'other' }
  const codes: FieldCodes = {}
  for (const [serverField, value] of Object.entries(error.errors ?? {})) {
    const field = fieldOf(serverField)
    const first = [value].flat()[0]
    if (field !== null && first !== undefined && codes[field] === undefined) codes[field] = first
  }
  if (Object.keys(codes).length > 0) return { kind: 'fields', codes }
  if (error.status >= 400 && error.status < 500) return { kind: 'code', code: error.code }
  return { kind: 'other' }
}
