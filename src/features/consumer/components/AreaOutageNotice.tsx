import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { anomaliesInProgressQueryOptions } from '../../../api/unit-analytics.api'
import { Alert } from '../../../ui'

/**
 * Seeds 6 area outage notice: asked for only when the rule allows it (non-consumer users…), shown
 * when an outage touches the unit's MAC domain.
 */
export function AreaOutageNotice({ unitId }: { unitId: number }) {
  const query = useQuery(anomaliesInProgressQueryOptions(unitId))
  if (query.data?.macDomainOutage !== true) return null
  return (
    <Alert variant="warning" title={<Trans>Outage in this area</Trans>}>
      <Trans>
        An outage is affecting connections in this unit&apos;s area. Its results may be lower until
        it is fixed.
      </Trans>
    </Alert>
  )
}
