import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { formCodeMessage, type FieldCodes } from './form-codes'

/** How the form layer names a field: its noun in messages, and its control's name attribute. */
export type FieldSpec = {
  /** The field's name in "Please provide your {field}" (lower case): msg`first name`. */
  noun: MessageDescriptor
  /** The control's `name` when it differs from the field's (the summary focuses it by name). */
  control?: string
  /** Replaces "Please provide your …" (e.g. a box to tick). */
  missing?: MessageDescriptor
  /**
   * The control is disabled now (a package list before its provider is chosen): it shows no error
   * and has no summary line; the field it waits for carries the error.
   */
  disabled?: boolean
}

/** The form's fields in form order (the order of the summary). */
export type FieldSpecs<F extends string> = Record<F, FieldSpec>

/** One line of the error summary: the message and the control it moves focus to. */
export type SummaryItem<F extends string = string> = { field: F; control: string; message: string }

/**
 * The translated messages of a form's codes: `errorFor(field)` for under the field, `summary`
 * (in the specs' order) for the error summary.
 */
export function useFieldErrors<F extends string>(specs: FieldSpecs<F>, codes: FieldCodes<F>) {
  const { i18n } = useLingui()
  const errorFor = (field: F): string | undefined => {
    const code = codes[field]
    const spec = specs[field] as FieldSpec | undefined
    if (code === undefined || spec === undefined || spec.disabled === true) return undefined
    return i18n._(formCodeMessage(code, i18n._(spec.noun), { missing: spec.missing }))
  }
  const summary: SummaryItem<F>[] = (Object.keys(specs) as F[]).flatMap((field) => {
    const message = errorFor(field)
    return message === undefined ? [] : [{ field, control: specs[field].control ?? field, message }]
  })
  return { errorFor, summary }
}
