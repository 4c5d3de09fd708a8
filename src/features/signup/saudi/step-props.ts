import type { SaudiField } from '../../../lib/signup-errors'
import type { SaudiSignupValues } from '../../../lib/signup-validation'
import type { TextFieldBinding } from '../components/NameEmailFields'

/** The Saudi answers that are text, named as the form's fields. */
export type SaudiTextField = {
  [K in keyof SaudiSignupValues]: SaudiSignupValues[K] extends string ? K : never
}[keyof SaudiSignupValues] &
  SaudiField

/** What every step gets from the form: the answers, a setter, text bindings and errors. */
export type SaudiStepProps = {
  values: SaudiSignupValues
  set: <K extends keyof SaudiSignupValues>(field: K, value: SaudiSignupValues[K]) => void
  text: (field: SaudiTextField) => TextFieldBinding
  errorFor: (field: SaudiField) => string | undefined
}
