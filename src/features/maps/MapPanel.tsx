import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Suspense, useCallback, useState } from 'react'
import {
  formResolution,
  resolutionForZoom,
  viewBox,
  type Bbox,
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
 * An aggregate map asks again when a zoom crosses a resolution step (the areas follow the zoom);
 * a point map the server clustered (a large answer) asks for each view it is moved to.
 */
export function MapPanel({ panel, form, metricName, unit, radius, unitLinks }: MapPanelProps) {
  const { t } = useLingui()
  const [resolution, setResolution] = useState<H3Step>(() => formResolution(form))
  const [view, setView] = useState<{ zoom: number; bbox: Bbox } | null>(null)
  // Whether the last answer came clustered by the server: then each view is asked for (the
  // whole answer's size does not depend on the view, so it stays clustered).
  const [clustered, setClustered] = useState(false)
  const asked: MapFormInput =
    form.mapType === 'map'
      ? { ...form, zoom: undefined, resolution }
      : clustered && view
        ? { ...form, zoom: view.zoom, bbox: view.bbox }
        : form
  const data = useQuery({ ...mapDataQuery(panel, asked), placeholderData: keepPreviousData })
  const answerClustered = data.data?.mapType !== 'map' && data.data?.clusters !== undefined
  if (data.data !== undefined && answerClustered !== clustered) setClustered(answerClustered)
  const config = useQuery(mapConfigQuery())
  // Offline, a zoom across a step keeps the areas of the step they were loaded at, and a move of
  // a clustered map the clusters of the view loaded last: say so.
  const waiting = data.isPlaceholderData && data.fetchStatus === 'paused'
  const otherStep = form.mapType === 'map' && waiting
  const otherView = form.mapType !== 'map' && clustered && waiting
  const onView = useCallback(
    (zoom: number, bounds: Bbox) => {
      if (form.mapType === 'map') {
        setResolution(resolutionForZoom(zoom))
        return
      }
      const next = { zoom: Math.round(zoom), bbox: viewBox(Math.round(zoom), bounds) }
      // The same view asks for the same form: no new object, no new render.
      setView((shown) => (JSON.stringify(shown) === JSON.stringify(next) ? shown : next))
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
        answer.mapType === 'map'
          ? answer.areas.length === 0
          : (answer.clusters?.total ?? answer.count) === 0
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
          {otherView && (
            <Alert variant="info">
              <Trans>
                Offline: the map shows the points of the last view loaded. This view loads when you
                are back online.
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
