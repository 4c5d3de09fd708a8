import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries, useQuery } from '@tanstack/react-query'
import { hasGlobalAccess, hasPanelGrant } from '#contracts/access.ts'
import type { Preset } from '#contracts/presets.ts'
import { analyticsMetadataQuery, chartDataQuery } from '../../api/analytics.api'
import { ApiError } from '../../api/http'
import { DataAge } from '../../offline/DataAge'
import { canViewUnitPages, useSession } from '../../session'
import { Alert, Button, Spinner } from '../../ui'
import { chartFormsOf, formOfPresetItem, isMapChart } from './builder-form'
import { hasNoData } from './chart-data'
import { readChartSettings } from './chart-settings'
import { ChartPanel, MapChartPanel } from './ChartPanel'
import { useChartLabels } from './useChartLabels'
import styles from './AnalyticsBuilder.module.css'

function localStore(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * A saved preset's chart, as the builder draws it (its first data item), for a dashboard's or a
 * report's graph: its own data, loading, offline, failure and empty states, and the age of data
 * read from the device. The chart settings are the reader's (kept on the device).
 */
export function PresetChart({ preset }: { preset: Preset }) {
  const { t } = useLingui()
  const session = useSession()
  const [openedAt] = useState(Date.now)
  const [settings] = useState(() => readChartSettings(localStore()))
  const item = preset.data[0]
  const form = useMemo(() => (item ? formOfPresetItem(item, openedAt) : null), [item, openedAt])
  const panel = item?.panel ?? 0
  const metadata = useQuery({ ...analyticsMetadataQuery(panel), enabled: panel > 0 }).data
  const labels = useChartLabels(form, metadata)
  const forms = useMemo(
    () => (form ? chartFormsOf(form, panel, settings.hideInsignificant) : []),
    [form, panel, settings.hideInsignificant],
  )
  const chart = useQueries({
    queries: forms.map((f) => ({ ...chartDataQuery(panel, f), enabled: panel > 0 })),
    combine: (results) => ({
      answers: results.flatMap((q) => (q.data ? [q.data] : [])),
      pending: results.some((q) => q.data === undefined && q.fetchStatus === 'fetching'),
      waitingOffline: results.some((q) => q.data === undefined && q.fetchStatus === 'paused'),
      failed: results.filter((q) => q.status === 'error').map((q) => q.error),
      updatedAt: Math.min(...results.map((q) => (q.data ? q.dataUpdatedAt : Infinity))),
      retry: () => {
        for (const q of results) if (q.status === 'error') void q.refetch()
      },
    }),
  })

  if (!form) {
    return (
      <Alert variant="warning">
        <Trans>This preset cannot be drawn here. Open it in analytics.</Trans>
      </Alert>
    )
  }
  const maps =
    session !== null &&
    (hasPanelGrant(session.grants, 'maps', panel) || hasGlobalAccess(session.grants))
  const unit =
    metadata?.metrics.find((m) => m.key === form.metrics[0])?.metricUnit ??
    (form.normalised ? '%' : '')
  if (isMapChart(form.chartType)) {
    if (!maps) {
      return (
        <Alert variant="info">
          <Trans>This chart is a map, and maps are not part of your subscription.</Trans>
        </Alert>
      )
    }
    return (
      <MapChartPanel
        form={form}
        panel={panel}
        metricName={labels.metricName(form.metrics[0] ?? '')}
        unit={unit}
        unitLinks={canViewUnitPages(session)}
      />
    )
  }
  const { answers, pending, waitingOffline, failed, updatedAt, retry } = chart
  const tooMuch = failed.some(
    (error) => error instanceof ApiError && error.code === 'TOO_MUCH_DATA',
  )
  return (
    <div className={styles.presetChart}>
      {pending && answers.length === 0 ? <Spinner label={t`Loading the chart…`} /> : null}
      {waitingOffline ? (
        <Alert variant="warning">
          <Trans>You are offline and this chart was not saved on this device yet.</Trans>
        </Alert>
      ) : null}
      {failed.length > 0 ? (
        <Alert variant={answers.length > 0 ? 'warning' : 'error'}>
          {tooMuch ? (
            <Trans>This chart has too many points to draw here. Open it in analytics.</Trans>
          ) : answers.length > 0 ? (
            <Trans>Some of this chart’s metrics could not be loaded.</Trans>
          ) : (
            <Trans>The chart could not be loaded.</Trans>
          )}{' '}
          {tooMuch ? null : (
            <Button variant="text" type="button" onClick={retry}>
              <Trans>Try again</Trans>
            </Button>
          )}
        </Alert>
      ) : null}
      {!pending && answers.length > 0 && hasNoData(answers) ? (
        <p className={styles.note}>
          <Trans>No data for this chart’s period.</Trans>
        </p>
      ) : null}
      {answers.length > 0 && !hasNoData(answers) ? (
        <ChartPanel
          form={form}
          answers={answers}
          labels={labels}
          unit={unit}
          zeroAxis={settings.zeroAxis}
          zeroWhite={settings.zeroWhite}
          presenter={false}
        />
      ) : null}
      {answers.length > 0 && Number.isFinite(updatedAt) ? <DataAge updatedAt={updatedAt} /> : null}
    </div>
  )
}
