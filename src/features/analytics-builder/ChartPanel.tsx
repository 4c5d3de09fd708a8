import { lazy, Suspense, useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ChartData, RawPoint } from '#contracts/analytics.ts'
import { Spinner } from '../../ui'
import { AnalyticsChart } from '../charts'
import { mapFormOf, type BuilderForm } from './builder-form'
import { buildChart, isRawData, tableRows, type Labels } from './chart-data'
import { plotValueName } from './builder-labels'
import styles from './AnalyticsBuilder.module.css'

const formatNumber = (locale: string, value: number | null, blankZero: boolean) =>
  value === null || (blankZero && value === 0)
    ? ''
    : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)

// The maps (their queries, Leaflet and the base layer) load only when a map is chosen.
const MapPanel = lazy(() => import('../maps').then((m) => ({ default: m.MapPanel })))

/**
 * A map chart (seeds §3.1 map types): the map of its one metric, with its own data, loading,
 * offline and failure states (features/maps).
 */
export function MapChartPanel({
  form,
  panel,
  metricName,
  unit,
  unitLinks,
}: {
  form: BuilderForm
  panel: number
  metricName: string
  unit: string
  unitLinks: boolean
}) {
  const { t } = useLingui()
  const mapForm = useMemo(() => mapFormOf(form, panel), [form, panel])
  const radius = useMemo(
    () => ({ value: form.radius, unit: form.radiusUnit }),
    [form.radius, form.radiusUnit],
  )
  if (mapForm === null) return null
  return (
    <div className={styles.chartArea}>
      <Suspense fallback={<Spinner label={t`Loading the map…`} />}>
        <MapPanel
          key={`${mapForm.mapType}:${panel}`}
          panel={panel}
          form={mapForm}
          metricName={metricName}
          unit={unit}
          radius={radius}
          unitLinks={unitLinks}
        />
      </Suspense>
    </div>
  )
}

/** The chart (or summary table), and a table of its values as its text alternative. */
export function ChartPanel({
  form,
  answers,
  labels,
  unit,
  zeroAxis,
  zeroWhite,
  presenter,
}: {
  form: BuilderForm
  answers: readonly ChartData[]
  labels: Labels
  unit: string
  zeroAxis: boolean
  zeroWhite: boolean
  presenter: boolean
}) {
  const { i18n, t } = useLingui()
  const built = useMemo(() => buildChart(form, answers, labels), [form, answers, labels])
  const columns = useMemo(
    () => (form.chartType === 'table' ? form.tableColumns : [form.plotValue, 'sampleCount']),
    [form.chartType, form.tableColumns, form.plotValue],
  )
  const rows = useMemo(() => tableRows(answers, labels, columns), [answers, labels, columns])
  const raw = answers.filter(isRawData)
  const rawPoints: (RawPoint & { metric: string })[] = raw.flatMap((data) =>
    data.metricData.map((p) => ({ ...p, metric: labels.metricName(data.metric) })),
  )
  const names = answers.map((a) => labels.metricName(a.metric)).join(', ')
  const table = (
    <div className={styles.tableScroll}>
      <table className={styles.table}>
        <caption className={form.chartType === 'table' ? styles.caption : 'wb-visually-hidden'}>
          {t`Values of the chart: ${names}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`Metric`}</th>
            {form.split === null ? null : <th scope="col">{t`Split`}</th>}
            <th scope="col">{t`Time`}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {plotValueName(i18n, column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 500).map((row) => (
            <tr key={row.key}>
              <td>{row.metric}</td>
              {form.split === null ? null : <td>{row.split}</td>}
              <td>{row.bucket}</td>
              {columns.map((column) => (
                <td key={column} className={styles.number}>
                  {formatNumber(i18n.locale, row.values[column] ?? null, zeroWhite)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
  return (
    <div className={styles.chartArea}>
      {built ? (
        <AnalyticsChart
          chart={built.chart}
          x={built.x}
          datasets={built.datasets}
          bands={built.bands}
          valueFormat={{ kind: 'number', template: `{value} ${unit}` }}
          beginAtZero={zeroAxis}
          label={t`Chart of ${names}`}
          description={t`The values are in the table after the chart.`}
          height={presenter ? '70vh' : '18rem'}
        />
      ) : null}
      {form.chartType === 'table' ? (
        table
      ) : rows.length > 0 ? (
        <details className={styles.valuesDetails}>
          <summary>
            <Trans>Values as a table</Trans>
          </summary>
          {table}
        </details>
      ) : null}
      {rawPoints.length > 0 && form.detailed ? (
        <details className={styles.valuesDetails} open>
          <summary>
            <Trans>Points and their units</Trans>
          </summary>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t`Time`}</th>
                  <th scope="col">{t`Value`}</th>
                  <th scope="col">{t`Unit`}</th>
                </tr>
              </thead>
              <tbody>
                {rawPoints.slice(0, 200).map((p, index) => {
                  const unitId = p.unitId
                  return (
                    <tr key={`${p.dtime}-${index}`}>
                      <td>{p.localTime}</td>
                      <td className={styles.number}>
                        {formatNumber(i18n.locale, p.value, false) || p.status}
                      </td>
                      <td>
                        {unitId === undefined ? null : (
                          <Link to="/units/$unitId" params={{ unitId: String(unitId) }}>
                            <Trans>Unit {unitId}</Trans>
                          </Link>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  )
}
