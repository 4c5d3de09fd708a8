import { useLingui } from '@lingui/react/macro'
import { fieldErrorMessage } from '../form-errors'

/** The translated message for a field's code, or nothing. */
export function useFieldError(): (code: string | undefined, field: string) => string | undefined {
  const { i18n } = useLingui()
  return (code, field) => (code === undefined ? undefined : i18n._(fieldErrorMessage(code, field)))
}
