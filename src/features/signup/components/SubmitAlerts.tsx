import { Trans } from '@lingui/react/macro'
import { Alert } from '../../../ui'
import type { SignupFailure } from '../useSignupSubmit'
import { FormAlert } from './FormAlert'

/**
 * The form's alerts: offline (the answers are kept on this device, submitting needs a connection)
 * and the seeds 8.3 generic error when a refusal names no field of the form.
 */
export function SubmitAlerts({ failure, online }: { failure: SignupFailure; online: boolean }) {
  if (failure === 'offline') {
    return (
      <FormAlert variant="warning" title={<Trans>You need a connection to sign up</Trans>}>
        <Trans>
          Your application was not sent. Everything you entered is saved on this device: submit
          again when you are back online.
        </Trans>
      </FormAlert>
    )
  }
  if (failure === 'generic') {
    return (
      <FormAlert variant="error" title={<Trans>We can't process your application right now</Trans>}>
        <Trans>There was a problem processing your application. Please try again later.</Trans>
      </FormAlert>
    )
  }
  if (!online) {
    return (
      <Alert variant="info" title={<Trans>You are offline</Trans>}>
        <Trans>
          You can keep filling in the form: your answers are saved on this device. Sending them
          needs a connection.
        </Trans>
      </Alert>
    )
  }
  return null
}
