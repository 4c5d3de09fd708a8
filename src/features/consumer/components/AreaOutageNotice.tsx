import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { anomaliesInProgressQueryOptions } from '../../../api/unit-analytics.api'
import { Alert } from '../../../ui'

/**
 * Seeds 6 area outage notice: asked for only when the rule allows it (non-consumer users…), shown
 * when an outage touches the unit's MAC domain, with a link to its collection in the fault finder
 * for a user who may open it.
 */
export function AreaOutageNotice({ unitId }: { unitId: number }) {
  const query = useQuery(anomaliesInProgressQueryOptions(unitId))
  if (query.data?.macDomainOutage !== true) return null
  // The server names the collection only to a user who may open it in the fault finder.
  const collectionId =
    query.data.anomaliesInProgress.find((anomaly) => anomaly.type === 'outage')?.collectionId ??
    null
  return (
    <Alert variant="warning" title={<Trans>Outage in this area</Trans>}>
      <Trans>
        An outage is affecting connections in this unit&apos;s area. Its results may be lower until
        it is fixed.
      </Trans>
      {collectionId === null ? null : (
        <>
          {' '}
          <Link to="/fault-finder/collection/$id" params={{ id: String(collectionId) }}>
            <Trans>Open it in the fault finder</Trans>
          </Link>
        </>
      )}
    </Alert>
  )
}
