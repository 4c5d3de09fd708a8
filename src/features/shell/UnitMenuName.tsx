import { useContext } from 'react'
import { useLingui } from '@lingui/react/macro'
import { QueryClientContext, useQuery } from '@tanstack/react-query'
import { accessibleUnitQueryOptions } from '../../api/units.api'

/**
 * A unit as the account menu names it: the name the dashboard shows ("Living room"), the same
 * everywhere (issue 22 §4); "Whitebox 12" until that name is known (first visit offline).
 */
export function UnitMenuName({ sub, unitId }: { sub: string; unitId: number }) {
  // The shell is also rendered without the data layer (its component tests): the number then.
  if (useContext(QueryClientContext) === undefined) return <UnitNumber unitId={unitId} />
  return <UnitNameQuery sub={sub} unitId={unitId} />
}

function UnitNumber({ unitId }: { unitId: number }) {
  const { t } = useLingui()
  return <>{t`Whitebox ${unitId}`}</>
}

function UnitNameQuery({ sub, unitId }: { sub: string; unitId: number }) {
  // The dashboard's own query (kept on the device): read from the cache when it is there.
  const query = useQuery({ ...accessibleUnitQueryOptions(sub, unitId), staleTime: Infinity })
  const name = query.data?.name.trim()
  if (!name) return <UnitNumber unitId={unitId} />
  return <bdi>{name}</bdi>
}
