import type { ReactNode } from 'react'
import { Alert, type AlertProps } from '../../../ui'

/** An alert at the top of a form; focusable so a refusal with no field error can take focus. */
export function FormAlert(props: AlertProps & { children?: ReactNode }) {
  return (
    <div data-form-alert tabIndex={-1}>
      <Alert {...props} />
    </div>
  )
}
