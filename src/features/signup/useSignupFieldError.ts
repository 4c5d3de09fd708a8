import { useLingui } from '@lingui/react/macro'
import {
  SIGNUP_FIELD_NAMES,
  signupErrorMessage,
  type SignupField,
  type SignupFieldCodes,
} from '../../lib/signup-errors'

/** The translated message under a field for its code (seeds 8.3), or undefined when it has none. */
export function useSignupFieldError(): (
  codes: SignupFieldCodes,
  field: SignupField,
) => string | undefined {
  const { i18n } = useLingui()
  return (codes, field) => {
    const code = codes[field]
    if (code === undefined) return undefined
    const message = signupErrorMessage(code, i18n._(SIGNUP_FIELD_NAMES[field]), field)
    return message === null ? undefined : i18n._(message)
  }
}
