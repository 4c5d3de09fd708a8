import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Suspense, useCallback, useState } from 'react'
import {
  formResolution,
  resolutionForZoom,
  type H3Step,
  type MapFormInput,
  type PointRadiusUnit,
} from '#contracts/maps.ts'
import { ApiError } from '../../api/http'
import { mapConfigQuery, mapDataQuery } from '../../api/maps.api'
import { QueryStatus } from '../../offline/QueryStatus'
import { Alert, Spinner } from '../../ui'
import { MapChart } from './lazy-map-chart'

export type MapPanelProps = {
  panel: number
  /** The map form (Chart form with mapType); its resolution follows the map's zoom. */
  form: MapFormInput
  metricName: string
  unit: string
  radius: { value: number; unit: PointRadiusUnit }
  unitLinks: boolean
}

/**
 * A map of the builder (seeds 001 §3.1 map types): the map's data and the deployment's map
 * configuration, with the loading, offline (data and its age) and failure states of every query.
 * An aggregate map asks again when a zoom crosses a resolution step (the areas follow the zoom).
 */
export function MapPanel({ panel, form, metricName, unit, radius, unitLinks }: MapPanelProps) {
  const { t } = useLingui()
  const [resolution, setResolution] = useState<H3Step>(() => formResolution(form))
  const asked: MapFormInput =
    form.mapType === 'map' ? { ...form, zoom: undefined, resolution } : form
  const data = useQuery({ ...mapDataQuery(panel, asked), placeholderData: keepPreviousData })
  const config = useQuery(mapConfigQuery())
  // Offline, a zoom across a step keeps the areas of the step they were loaded at: say so.
  const otherStep =
    form.mapType === 'map' && data.isPlaceholderData && data.fetchStatus === 'paused'
  const onView = useCallback(
    (zoom: number) => {
      if (form.mapType === 'map') setResolution(resolutionForZoom(zoom))
    },
    [form.mapType],
  )

  if (data.error instanceof ApiError && data.error.code === 'TOO_MUCH_DATA') {
    return (
      <Alert variant="warning">
        <Trans>
          Too many points for a map. Choose a shorter date range or add a filter, or export the data
          instead.
        </Trans>
      </Alert>
    )
  }
  return (
    <QueryStatus
      query={data}
      isEmpty={(answer) =>
        answer.mapType === 'map' ? answer.areas.length === 0 : answer.count === 0
      }
      empty={<p>{t`No data to map for these choices.`}</p>}
    >
      {(answer) => (
        <Suspense fallback={<Spinner label={t`Loading the map…`} />}>
          {otherStep && (
            <Alert variant="info">
              <Trans>
                Offline: these areas are sized for the zoom they were loaded at. Areas for this zoom
                load when you are back online.
              </Trans>
            </Alert>
          )}
          <MapChart
            data={answer}
            config={config.data ?? { tileUrl: null, attribution: null }}
            metricName={metricName}
            unit={unit}
            radius={radius}
            unitLinks={unitLinks}
            onView={onView}
          />
        </Suspense>
      )}
    </QueryStatus>
  )
}
