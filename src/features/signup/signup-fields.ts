import { msg } from '@lingui/core/macro'
import type { FieldSpecs } from '../../forms'
import { SIGNUP_FIELD_NAMES, type SignupField } from '../../lib/signup-errors'

/**
 * The form layer's specs of the sign-up fields on screen, in form order (the summary's order):
 * each field's noun, the agreement's own "missing" words, and which controls are disabled now.
 */
export function signupFieldSpecs<F extends SignupField>(
  present: readonly F[],
  disabled: readonly F[] = [],
): FieldSpecs<F> {
  return Object.fromEntries(
    present.map((field) => [
      field,
      {
        noun: SIGNUP_FIELD_NAMES[field],
        ...(field === 'tos'
          ? { missing: msg`Please tick the box to agree to the terms and conditions.` }
          : {}),
        ...(disabled.includes(field) ? { disabled: true } : {}),
      },
    ]),
  ) as FieldSpecs<F>
}
