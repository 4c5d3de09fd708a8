import type { ReactNode } from 'react'
import { Alert, type AlertProps } from '../../../ui'

/** The alert at the top of a settings form; focusable so a refusal without field errors gets focus. */
export function FormAlert(props: AlertProps & { children?: ReactNode }) {
  return (
    <div data-form-alert tabIndex={-1}>
      <Alert {...props} />
    </div>
  )
}
