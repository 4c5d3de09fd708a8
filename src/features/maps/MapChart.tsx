import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { MapArea, MapConfig, MapData, PointRadiusUnit } from '#contracts/maps.ts'
import {
  mapLevel,
  readThresholds,
  type MapThresholds,
  type ThresholdError,
} from '../../lib/map-thresholds'
import { formatNumber } from '../../lib/value-format'
import { numberFormat } from '../../lib/number-format'
import type { VerdictLevel } from '../../lib/verdict'
import { Button, TextField } from '../../ui'
import { createLeafletMap, type LeafletMap, type MapSelection } from './leaflet-map'
import { useMapThresholds } from './map-thresholds-store'
import styles from './MapChart.module.css'

export type MapChartProps = {
  data: MapData
  config: MapConfig
  /** The metric's name and unit as shown ("Download speed", "Mbps"). */
  metricName: string
  unit: string
  radius: { value: number; unit: PointRadiusUnit }
  /** Whether the user may open unit pages (links from exact points). */
  unitLinks: boolean
  /** The zoom and bounds after a move (an aggregate map asks again at the zoom's resolution). */
  onView?: (
    zoom: number,
    bounds: { south: number; west: number; north: number; east: number },
  ) => void
}

/**
 * A map of one metric (seeds 001 §3.1 map, raw_map, geo_heatmap, lat_lon, raw_mobile): Leaflet
 * with the offline base layer, a legend whose thresholds the user may edit and restore, the
 * figures of what was tapped, full screen on a phone, and the areas as a table for keyboard and
 * screen-reader use.
 */
export default function MapChart({
  data,
  config,
  metricName,
  unit,
  radius,
  unitLinks,
  onView,
}: MapChartProps) {
  const { t, i18n } = useLingui()
  const element = useRef<HTMLDivElement>(null)
  const map = useRef<LeafletMap | null>(null)
  // What was tapped, for the answer it was tapped on (a new answer clears it).
  const [tapped, setTapped] = useState<{ data: MapData; selection: MapSelection } | null>(null)
  const selection = tapped?.data === data ? tapped.selection : null
  const [fullScreen, setFullScreen] = useState(false)
  const { thresholds, customised, save, restore } = useMapThresholds(data.metric)
  const onViewRef = useRef(onView)
  useEffect(() => {
    onViewRef.current = onView
  }, [onView])
  const rtl = i18n.locale.startsWith('ar')

  useEffect(() => {
    if (!element.current) return
    const created = createLeafletMap(element.current, config, {
      rtl,
      onView: (zoom, bounds) =>
        onViewRef.current?.(zoom, {
          south: bounds.getSouth(),
          west: bounds.getWest(),
          north: bounds.getNorth(),
          east: bounds.getEast(),
        }),
    })
    map.current = created
    return () => {
      created.destroy()
      map.current = null
    }
  }, [config, rtl])

  const firstDraw = useRef(true)
  const locale = i18n.locale
  useEffect(() => {
    const compact = numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })
    map.current?.draw({
      data,
      thresholds,
      radius,
      onSelect: (next) => {
        setTapped({ data, selection: next })
      },
      count: { short: (n) => compact.format(n), full: (n) => formatNumber(locale, n) },
    })
    if (firstDraw.current) {
      map.current?.fit()
      firstDraw.current = false
    }
  }, [data, thresholds, radius, locale])

  useEffect(() => {
    map.current?.resize()
  }, [fullScreen])

  const format = (value: number | null) =>
    value === null ? t`No data` : `${formatNumber(i18n.locale, value)} ${unit}`
  const count = (value: number) => formatNumber(i18n.locale, value)
  const areaCount = count(data.mapType === 'map' ? data.areas.length : 0)
  const unitCount = count(data.mapType === 'map' ? data.unitCount : 0)
  const pointCount = count(data.mapType === 'map' ? 0 : (data.clusters?.total ?? data.count))

  return (
    <section
      className={fullScreen ? `${styles.chart} ${styles.fullScreen}` : styles.chart}
      aria-label={t`Map of ${metricName}`}
    >
      <div className={styles.toolbar}>
        <p className={styles.summary}>
          {data.mapType === 'map' ? (
            <Trans>
              {areaCount} areas, {unitCount} units
            </Trans>
          ) : (
            <Trans>{pointCount} points</Trans>
          )}
        </p>
        <Button
          variant="secondary"
          aria-pressed={fullScreen}
          onClick={() => {
            setFullScreen((on) => !on)
          }}
        >
          {fullScreen ? <Trans>Exit full screen</Trans> : <Trans>Full screen</Trans>}
        </Button>
      </div>
      <div
        ref={element}
        className={styles.map}
        dir="ltr"
        role="application"
        aria-label={t`Map: arrow keys move it, plus and minus zoom`}
      />
      <Legend
        thresholds={thresholds}
        unit={unit}
        customised={customised}
        onSave={save}
        onRestore={restore}
      />
      {selection && (
        <SelectionFigures
          data={data}
          selection={selection}
          format={format}
          count={count}
          unitLinks={unitLinks}
          onClose={() => {
            setTapped(null)
          }}
        />
      )}
      <Suppressed data={data} count={count} />
      {data.mapType === 'map' && data.areas.length > 0 && (
        <AreaTable
          areas={data.areas}
          thresholds={thresholds}
          format={format}
          count={count}
          onSelect={(area) => {
            setTapped({ data, selection: { kind: 'area', area } })
          }}
        />
      )}
    </section>
  )
}

// Descriptors, not `t` passed around: the macro only compiles `t` where useLingui() gives it, and
// a `t` handed to a plain function looked its message up by the English text (empty in a build).
const LEVEL_NAMES: Record<VerdictLevel | 'none', MessageDescriptor> = {
  good: msg`Good`,
  fair: msg`Fair`,
  poor: msg`Poor`,
  none: msg`No data`,
}

function levelName(level: VerdictLevel | null, i18n: I18n): string {
  return i18n._(LEVEL_NAMES[level ?? 'none'])
}

function Legend({
  thresholds,
  unit,
  customised,
  onSave,
  onRestore,
}: {
  thresholds: MapThresholds | null
  unit: string
  customised: boolean
  onSave: (thresholds: MapThresholds) => void
  onRestore: () => void
}) {
  const { t, i18n } = useLingui()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState({ good: '', fair: '' })
  const [errors, setErrors] = useState<Partial<Record<'good' | 'fair', ThresholdError>>>({})
  const headingId = useId()
  if (thresholds === null) return null
  const n = (value: number) => formatNumber(i18n.locale, value)
  const better = thresholds.better
  const goodText =
    better === 'higher' ? `≥ ${n(thresholds.good)} ${unit}` : `≤ ${n(thresholds.good)} ${unit}`
  const fairText =
    better === 'higher' ? `≥ ${n(thresholds.fair)} ${unit}` : `≤ ${n(thresholds.fair)} ${unit}`
  const message = (error: ThresholdError | undefined) =>
    error === 'NUMBER'
      ? t`Enter a number`
      : error === 'ORDER'
        ? better === 'higher'
          ? t`Must not be above the good limit`
          : t`Must not be below the good limit`
        : undefined
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault()
    const read = readThresholds(draft, better)
    if (!read.ok) {
      setErrors(read.errors)
      return
    }
    onSave(read.thresholds)
    setErrors({})
    setEditing(false)
  }
  return (
    <div className={styles.legend} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.legendTitle}>
        <Trans>Legend</Trans>
      </h3>
      <ul className={styles.legendItems}>
        <li data-level="good">
          <span className={styles.swatch} aria-hidden="true" />
          {levelName('good', i18n)} {goodText}
        </li>
        <li data-level="fair">
          <span className={styles.swatch} aria-hidden="true" />
          {levelName('fair', i18n)} {fairText}
        </li>
        <li data-level="poor">
          <span className={styles.swatch} aria-hidden="true" />
          {levelName('poor', i18n)}
        </li>
        <li data-level="none">
          <span className={styles.swatch} aria-hidden="true" />
          {levelName(null, i18n)}
        </li>
      </ul>
      {editing ? (
        <form className={styles.thresholdForm} onSubmit={submit} noValidate>
          <TextField
            label={t`Good from (${unit})`}
            inputMode="decimal"
            value={draft.good}
            error={message(errors.good)}
            onChange={(event) => {
              setDraft({ ...draft, good: event.target.value })
            }}
          />
          <TextField
            label={t`Fair from (${unit})`}
            inputMode="decimal"
            value={draft.fair}
            error={message(errors.fair)}
            onChange={(event) => {
              setDraft({ ...draft, fair: event.target.value })
            }}
          />
          <div className={styles.actions}>
            <Button type="submit">
              <Trans>Save thresholds</Trans>
            </Button>
            <Button
              variant="text"
              onClick={() => {
                setEditing(false)
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft({ good: String(thresholds.good), fair: String(thresholds.fair) })
              setErrors({})
              setEditing(true)
            }}
          >
            <Trans>Edit thresholds</Trans>
          </Button>
          {customised && (
            <Button variant="text" onClick={onRestore}>
              <Trans>Restore defaults</Trans>
            </Button>
          )}
        </div>
      )}
    </div>
  )
}

function SelectionFigures({
  data,
  selection,
  format,
  count,
  unitLinks,
  onClose,
}: {
  data: MapData
  selection: MapSelection
  format: (value: number | null) => string
  count: (value: number) => string
  unitLinks: boolean
  onClose: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const titleId = useId()
  useEffect(() => {
    heading.current?.focus()
  }, [selection])
  let title: React.ReactNode
  let rows: [React.ReactNode, string][]
  let unitId: number | null = null
  if (selection.kind === 'area') {
    const { area } = selection
    const areaId = area.id
    title = area.kind === 'region' ? areaId : <Trans>Area {areaId}</Trans>
    rows = [
      [<Trans key="v">Value</Trans>, format(area.value)],
      [<Trans key="s">Samples</Trans>, count(area.sampleCount)],
      [<Trans key="u">Units</Trans>, count(area.unitCount)],
    ]
  } else {
    if (data.mapType === 'map') return null
    const i = selection.index
    unitId = data.exact[i] ? (data.unit[i] ?? null) : null
    title = unitId === null ? <Trans>Approximate position</Trans> : <Trans>Unit {unitId}</Trans>
    rows = [[<Trans key="v">Value</Trans>, format(data.value[i] ?? null)]]
    const signal = data.signal?.[i]
    if (signal !== undefined)
      rows.push([
        <Trans key="sig">Signal strength</Trans>,
        signal === null ? '—' : `${count(signal)} dBm`,
      ])
  }
  return (
    <div className={styles.selection} role="region" aria-labelledby={titleId} aria-live="polite">
      <h3 id={titleId} ref={heading} tabIndex={-1} className={styles.selectionTitle}>
        {title}
      </h3>
      <dl className={styles.figures}>
        {rows.map(([label, value], index) => (
          <div key={index}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        {unitId !== null && unitLinks && (
          <Link to="/units/$unitId" params={{ unitId: String(unitId) }}>
            <Trans>Open the unit page</Trans>
          </Link>
        )}
        <Button variant="text" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </div>
  )
}

function AreaName({ area }: { area: MapArea }) {
  const id = area.id
  return area.kind === 'region' ? id : <Trans>Area {id}</Trans>
}

function Suppressed({ data, count }: { data: MapData; count: (value: number) => string }) {
  const hiddenCount = data.mapType === 'map' ? data.suppressedUnits : data.suppressed
  if (hiddenCount === 0) return null
  const hidden = count(hiddenCount)
  return (
    <p className={styles.note}>
      {data.mapType === 'map' ? (
        <Trans>{hidden} units are not shown: their area has fewer than 5 units.</Trans>
      ) : (
        <Trans>{hidden} points are not shown: their area has fewer than 5 units.</Trans>
      )}
    </p>
  )
}

function AreaTable({
  areas,
  thresholds,
  format,
  count,
  onSelect,
}: {
  areas: MapArea[]
  thresholds: MapThresholds | null
  format: (value: number | null) => string
  count: (value: number) => string
  onSelect: (area: MapArea) => void
}) {
  const { i18n } = useLingui()
  const sorted = areas.toSorted((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity))
  const total = count(areas.length)
  return (
    <details className={styles.areaTable}>
      <summary>
        <Trans>Areas as a table ({total})</Trans>
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Area</Trans>
            </th>
            <th scope="col">
              <Trans>Value</Trans>
            </th>
            <th scope="col">
              <Trans>Level</Trans>
            </th>
            <th scope="col">
              <Trans>Units</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((area) => (
            <tr key={area.id}>
              <th scope="row">
                <button
                  type="button"
                  className={styles.areaButton}
                  onClick={() => {
                    onSelect(area)
                  }}
                >
                  <AreaName area={area} />
                </button>
              </th>
              <td>{format(area.value)}</td>
              <td>{levelName(thresholds ? mapLevel(area.value, thresholds) : null, i18n)}</td>
              <td>{count(area.unitCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
