import { Trans } from '@lingui/react/macro'
import { Alert } from '../../ui'

/** Seeds 001 §6: an account moved to another platform has no data subscriptions here. */
export function DataSubsMigrated() {
  return (
    <Alert variant="warning" title={<Trans>Data subscriptions are not available</Trans>}>
      <Trans>
        Your account has moved to another platform, so data subscriptions are managed there.
      </Trans>
    </Alert>
  )
}
