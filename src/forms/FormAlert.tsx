import type { ReactNode } from 'react'
import { Alert, type AlertProps } from '../ui'
import { FORM_ALERT_ATTRIBUTE } from './useFocusFirstInvalid'

/** The alert at the top of a form; focusable, so a refusal that names no field can take focus. */
export function FormAlert(props: AlertProps & { children?: ReactNode }) {
  return (
    <div {...{ [FORM_ALERT_ATTRIBUTE]: '' }} tabIndex={-1}>
      <Alert {...props} />
    </div>
  )
}
