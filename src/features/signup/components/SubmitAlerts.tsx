import { Trans } from '@lingui/react/macro'
import { FormAlert, type SubmitFailure } from '../../../forms'
import { Alert } from '../../../ui'

/**
 * The form's alerts: offline (the answers are kept on this device, submitting needs a connection)
 * and the seeds 8.3 generic error when a refusal names no field of the form.
 */
export function SubmitAlerts({
  failure,
  online,
}: {
  failure: SubmitFailure | null
  online: boolean
}) {
  if (failure?.kind === 'offline') {
    return (
      <FormAlert variant="warning" title={<Trans>You need a connection to sign up</Trans>}>
        <Trans>
          Your application was not sent. Everything you entered is saved on this device: submit
          again when you are back online.
        </Trans>
      </FormAlert>
    )
  }
  if (failure?.kind === 'other') {
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
