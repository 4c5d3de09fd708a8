import { useEffect, useMemo, useReducer, useState, useSyncExternalStore } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { hasGlobalAccess, hasPanelGrant } from '#contracts/access.ts'
import type { Preset } from '#contracts/presets.ts'
import { analyticsMetadataQuery, chartDataQuery } from '../../api/analytics.api'
import { ApiError } from '../../api/http'
import { presetQuery } from '../../api/presets.api'
import { csvFile } from '../../lib/csv'
import { DataAge } from '../../offline/DataAge'
import { useOnline } from '../../offline/online-state'
import { canViewUnitPages, useSession, type Session } from '../../session'
import { Alert, Button, PageTitle, SelectField } from '../../ui'
import { downloadTextFile } from '../../ui/download-file'
import { useModalDialog } from '../../ui/useModalDialog'
import { PresetNameDialog } from '../presets'
import {
  chartFormsOf,
  defaultForm,
  formOfPresetItem,
  invalidFilters,
  isMapChart,
  presetItemOf,
  sameForm,
  withChartType,
  type BuilderForm,
  type BuilderSearch,
} from './builder-form'
import { fieldName } from './builder-labels'
import { BuilderFormPanel, type BuilderFormPanelProps } from './BuilderFormPanel'
import { chartCsvRows, hasNoData } from './chart-data'
import { useChartLabels } from './useChartLabels'
import {
  PRESENTER_REFRESH_CHOICES,
  presenterRefreshMs,
  readChartSettings,
  SLOW_LOADING_MS,
  writeChartSettings,
  type ChartSettings,
} from './chart-settings'
import { chartLoadReducer, INITIAL_CHART_LOAD, isComplete } from './chart-status'
import { ChartPanel, MapChartPanel } from './ChartPanel'
import styles from './AnalyticsBuilder.module.css'

export type AnalyticsBuilderPageProps = {
  search: BuilderSearch
  /** Opens another preset (or none) in the URL. */
  onPresetChange: (preset: number | undefined) => void
}

const PHONE = '(max-width: 767px)'
function usePhone(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(PHONE)
      query.addEventListener('change', listener)
      return () => {
        query.removeEventListener('change', listener)
      }
    },
    () => window.matchMedia(PHONE).matches,
    () => false,
  )
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** The maps permission on the panel, or global access (what the map-data route asks for). */
function mapsAllowed(session: Session | null, panel: number): boolean {
  return (
    session !== null &&
    (hasPanelGrant(session.grants, 'maps', panel) || hasGlobalAccess(session.grants))
  )
}

const codeOf = (error: unknown) =>
  error instanceof ApiError ? error.code : error instanceof Error ? 'NETWORK' : 'UNKNOWN'

/** The builder's form in a sheet over the chart (phones). */
function FormSheet({ onClose, ...props }: BuilderFormPanelProps & { onClose: () => void }) {
  const { t } = useLingui()
  const { dialogProps, close } = useModalDialog(onClose)
  return (
    <dialog {...dialogProps} className={styles.sheet} aria-label={t`Edit the chart`}>
      <div className={styles.sheetHeader}>
        <h2 className={styles.dialogTitle}>
          <Trans>Edit the chart</Trans>
        </h2>
        <Button variant="text" type="button" onClick={close}>
          <Trans>Close</Trans>
        </Button>
      </div>
      <BuilderFormPanel
        {...props}
        onSubmit={() => {
          props.onSubmit()
          close()
        }}
      />
    </dialog>
  )
}

/**
 * The analytics chart builder (issue 23 §3): the chart first, its form beside it (a sheet on
 * phones); presets open from `?preset=` and save from here; the chart's last data reopens offline.
 */
export function AnalyticsBuilderPage({ search, onPresetChange }: AnalyticsBuilderPageProps) {
  const { i18n, t } = useLingui()
  const session = useSession()
  const online = useOnline()
  const phone = usePhone()
  const queryClient = useQueryClient()
  const sessionPanel = session?.view.type === 'enterprise' ? session.view.panelId : null

  const [openedAt] = useState(Date.now)
  // `?chart=` (e.g. /mapping → map) chooses the type of a new chart; a preset brings its own;
  // a map without the maps permission stays a line chart.
  const [draft, setDraft] = useState<BuilderForm>(() => {
    const form = defaultForm(openedAt)
    const chart = search.chart
    if (chart === undefined || search.preset !== undefined) return form
    if (isMapChart(chart) && !mapsAllowed(session, sessionPanel ?? 0)) return form
    return withChartType(form, chart)
  })
  const [applied, setApplied] = useState<BuilderForm | null>(null)
  const [itemPanel, setItemPanel] = useState<number | null>(null)
  const [loadedPreset, setLoadedPreset] = useState<string | null>(null)
  const [settings, setSettings] = useState<ChartSettings>(() => readChartSettings(localStore()))
  const [sheetOpen, setSheetOpen] = useState(false)
  const [saving, setSaving] = useState<'create' | 'update' | null>(null)
  const [presenter, setPresenter] = useState(false)
  const [refreshMinutes, setRefreshMinutes] = useState<number>(PRESENTER_REFRESH_CHOICES[0])
  const [status, dispatch] = useReducer(chartLoadReducer, INITIAL_CHART_LOAD)

  const panel = itemPanel ?? sessionPanel ?? 0
  const metadataQuery = useQuery({ ...analyticsMetadataQuery(panel), enabled: panel > 0 })
  const metadata = metadataQuery.data
  const presetId = search.preset
  const presetResult = useQuery({ ...presetQuery(presetId ?? 0), enabled: presetId !== undefined })
  const preset = presetId !== undefined ? (presetResult.data ?? null) : null
  const advanced = session ? hasPanelGrant(session.grants, 'advanced_analytics', panel) : false
  const maps = mapsAllowed(session, panel)
  const unitLinks = session ? canViewUnitPages(session) : false
  const mapApplied = applied !== null && isMapChart(applied.chartType)

  const forms = useMemo(
    () => (applied ? chartFormsOf(applied, panel, settings.hideInsignificant) : []),
    [applied, panel, settings.hideInsignificant],
  )
  const chart = useQueries({
    queries: forms.map((form) => ({ ...chartDataQuery(panel, form), enabled: panel > 0 })),
    combine: (results) => ({
      answers: results.flatMap((q) => (q.data ? [q.data] : [])),
      settled: results.map((q) =>
        q.status === 'success'
          ? { ok: true as const }
          : q.status === 'error'
            ? { ok: false as const, code: codeOf(q.error) }
            : null,
      ),
      fetching: results.some((q) => q.fetchStatus === 'fetching'),
      waitingOffline: results.some((q) => q.data === undefined && q.fetchStatus === 'paused'),
      updatedAt: Math.min(...results.map((q) => (q.data ? q.dataUpdatedAt : Infinity))),
      refetchAll: () => {
        for (const q of results) void q.refetch()
      },
    }),
  })
  const { answers, settled, fetching, waitingOffline, updatedAt, refetchAll } = chart

  const startLoad = (form: BuilderForm) => {
    // Earlier in-flight metric requests are cancelled (seeds §4).
    void queryClient.cancelQueries({
      queryKey: ['analytics', panel, 'chart-data'],
      predicate: (query) => query.state.fetchStatus === 'fetching',
    })
    dispatch({ type: 'load', load: status.load + 1, metrics: form.metrics })
    setApplied(form)
  }

  // A preset opened from the URL (or saved, or taken from a conflict) fills the form and the chart.
  if (preset && loadedPreset !== `${preset.id}:${preset.version}`) {
    setLoadedPreset(`${preset.id}:${preset.version}`)
    const item = preset.data[0]
    const form = item ? formOfPresetItem(item, openedAt) : null
    if (form && item) {
      setItemPanel(item.panel)
      setDraft(form)
      dispatch({ type: 'load', load: status.load + 1, metrics: form.metrics })
      setApplied(form)
    }
  }

  // Each metric's answer, once, for the load it belongs to (the reducer ignores repeats).
  settled.forEach((result, index) => {
    const metric = forms[index]?.metrics[0]?.key
    if (metric === undefined || result === null || status.status === 'initial') return
    if (status.succeeded.includes(metric) || status.failed.some((f) => f.metric === metric)) return
    dispatch(
      result.ok
        ? { type: 'succeeded', load: status.load, metric }
        : { type: 'failed', load: status.load, metric, code: result.code },
    )
  })

  const complete = isComplete(status)
  const [slowLoad, setSlowLoad] = useState<number | null>(null)
  useEffect(() => {
    if (!fetching) return
    const load = status.load
    const timer = setTimeout(() => {
      setSlowLoad(load)
    }, SLOW_LOADING_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [fetching, status.load])
  const slow = fetching && slowLoad === status.load

  // Presenter mode refreshes the chart, never more often than every 5 minutes (§9).
  useEffect(() => {
    if (!presenter) return
    const timer = setInterval(refetchAll, presenterRefreshMs(refreshMinutes))
    return () => {
      clearInterval(timer)
    }
  }, [presenter, refreshMinutes, refetchAll])

  const labels = useChartLabels(applied, metadata)

  const invalid = invalidFilters(draft.filters)
  const changed = applied === null || !sameForm(draft, applied)
  const editForm = (next: BuilderForm) => {
    setDraft(next)
    dispatch({ type: 'form-changed' })
  }
  const submit = () => {
    if (invalid.length > 0 || draft.metrics.length === 0) return
    if (!changed) {
      refetchAll()
      return
    }
    startLoad(draft)
  }
  const changeSettings = (next: ChartSettings) => {
    setSettings(next)
    writeChartSettings(localStore(), next)
  }

  const unit =
    metadata?.metrics.find((m) => m.key === applied?.metrics[0])?.metricUnit ??
    (applied?.normalised ? '%' : '')
  const failedNames = status.failed.map((f) => labels.metricName(f.metric)).join(', ')
  const tooMuch = status.failed.some((f) => f.code === 'TOO_MUCH_DATA')
  const presetMissing =
    presetId !== undefined &&
    presetResult.error instanceof ApiError &&
    (presetResult.error.code === 'PRESET_NOT_FOUND' || presetResult.error.status === 404)
  const presetDenied =
    presetId !== undefined &&
    presetResult.error instanceof ApiError &&
    presetResult.error.status === 403
  const editable = preset !== null && preset.editable && !preset.in_use

  const downloadCsv = () => {
    if (!applied) return
    const rows = chartCsvRows(answers, labels, {
      metric: t`Metric`,
      split: applied.split === null ? t`Split` : fieldName(i18n, applied.split, metadata),
      time: t`Time`,
      value: t`Value`,
      status: t`Status`,
      unit: t`Unit`,
    })
    const day = new Date().toISOString().slice(0, 10)
    const name = preset ? preset.name.replace(/[^\p{L}\p{N}_-]+/gu, '-') : 'chart'
    downloadTextFile(`analytics-${name}-${day}.csv`, csvFile(rows, i18n.locale))
  }

  const formProps: BuilderFormPanelProps = {
    form: draft,
    onChange: editForm,
    metadata,
    invalid,
    advanced,
    maps,
    settings,
    onSettingsChange: changeSettings,
    onSubmit: submit,
    changed,
  }

  const title = preset?.name ?? t`Chart builder`
  return (
    <div className={presenter ? `${styles.page} ${styles.presenter}` : styles.page}>
      {presenter ? (
        <h1 className={styles.presenterTitle} dir="auto">
          {title}
        </h1>
      ) : (
        <PageTitle>{title}</PageTitle>
      )}
      <div className={styles.toolbar}>
        {phone && !presenter ? (
          <Button
            variant="primary"
            type="button"
            onClick={() => {
              setSheetOpen(true)
            }}
          >
            <Trans>Edit the chart</Trans>
          </Button>
        ) : null}
        {!presenter ? (
          <>
            <Button
              variant="secondary"
              type="button"
              disabled={applied === null}
              onClick={() => {
                setSaving('create')
              }}
            >
              <Trans>Save as new preset</Trans>
            </Button>
            {editable ? (
              <Button
                variant="secondary"
                type="button"
                disabled={applied === null}
                onClick={() => {
                  setSaving('update')
                }}
              >
                <Trans>Update preset</Trans>
              </Button>
            ) : null}
            {preset?.in_use ? (
              <p className={styles.note}>
                <Trans>
                  This preset is used by an alert: it cannot be updated, but you can save a copy.
                </Trans>
              </p>
            ) : null}
          </>
        ) : (
          <SelectField
            label={t`Refresh every`}
            value={String(refreshMinutes)}
            onChange={(event) => {
              setRefreshMinutes(Number(event.target.value))
            }}
          >
            {PRESENTER_REFRESH_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t`${minutes} minutes`}
              </option>
            ))}
          </SelectField>
        )}
        <Button
          variant="secondary"
          type="button"
          disabled={answers.length === 0}
          onClick={downloadCsv}
        >
          <Trans>Download CSV</Trans>
        </Button>
        <Button
          variant="secondary"
          type="button"
          aria-pressed={presenter}
          onClick={() => {
            setPresenter((on) => !on)
          }}
        >
          {presenter ? <Trans>Leave presenter mode</Trans> : <Trans>Presenter mode</Trans>}
        </Button>
      </div>
      <div className={styles.layout}>
        <section className={styles.chartSection} aria-label={t`Chart`} aria-busy={fetching}>
          <div className={styles.notices} aria-live="polite">
            {presetMissing ? (
              <Alert variant="error" title={t`Preset not found`}>
                <Trans>
                  This preset does not exist or was deleted.{' '}
                  <Link to="/analytics/presets">See your presets</Link>.
                </Trans>
              </Alert>
            ) : null}
            {presetDenied ? (
              <Alert variant="error">
                <Trans>You do not have access to every panel of this preset.</Trans>
              </Alert>
            ) : null}
            {presetId !== undefined && preset === null && presetResult.fetchStatus === 'paused' ? (
              <Alert variant="warning">
                <Trans>You are offline and this preset was not opened on this device before.</Trans>
              </Alert>
            ) : null}
            {mapApplied && !maps ? (
              <Alert variant="warning">
                <Trans>Maps need the maps permission on this panel.</Trans>
              </Alert>
            ) : null}
            {status.status === 'initial' && presetId === undefined ? (
              <p className={styles.note}>
                <Trans>Choose metrics and how to chart them, then show the chart.</Trans>
              </p>
            ) : null}
            {status.changed && applied !== null ? (
              <p className={styles.note} data-testid="chart-changed">
                <Trans>The form has changed: show the chart to update it.</Trans>
              </p>
            ) : null}
            {waitingOffline || (!online && changed && applied !== null && status.changed) ? (
              <Alert variant="warning">
                <Trans>You are offline: this chart cannot load now. Your form is kept.</Trans>
              </Alert>
            ) : null}
            {fetching && slow ? (
              <Alert variant="info">
                <Trans>This chart is taking longer than usual to load.</Trans>
              </Alert>
            ) : null}
            {tooMuch ? (
              <Alert variant="warning" title={t`Too much data`}>
                <Trans>
                  This chart has too many points. Shorten the date range or add filters, or{' '}
                  <Link to="/data-export">export the data</Link> instead.
                </Trans>
              </Alert>
            ) : null}
            {status.failed.length > 0 && !tooMuch ? (
              status.succeeded.length === 0 && complete ? (
                <Alert variant="error">
                  <Trans>The chart could not be loaded. Try again.</Trans>
                </Alert>
              ) : (
                <Alert variant="warning">
                  <Trans>These metrics could not be loaded: {failedNames}.</Trans>
                </Alert>
              )
            ) : null}
            {complete && answers.length > 0 && hasNoData(answers) ? (
              <Alert variant="info">
                <Trans>No data for this chart. Try another date range or fewer filters.</Trans>
              </Alert>
            ) : null}
          </div>
          {status.status === 'loading' && answers.length === 0 && fetching ? (
            <p className={styles.note} role="status">
              <Trans>Loading the chart…</Trans>
            </p>
          ) : null}
          {applied && mapApplied && maps ? (
            <MapChartPanel
              form={applied}
              panel={panel}
              metricName={labels.metricName(applied.metrics[0] ?? '')}
              unit={unit}
              unitLinks={unitLinks}
            />
          ) : null}
          {applied && answers.length > 0 && !hasNoData(answers) ? (
            <ChartPanel
              form={applied}
              answers={answers}
              labels={labels}
              unit={unit}
              zeroAxis={settings.zeroAxis}
              zeroWhite={settings.zeroWhite}
              presenter={presenter}
            />
          ) : null}
          {answers.length > 0 && Number.isFinite(updatedAt) ? (
            <DataAge updatedAt={updatedAt} />
          ) : null}
        </section>
        {!phone && !presenter ? (
          <aside className={styles.formColumn} aria-label={t`Chart form`}>
            <BuilderFormPanel {...formProps} />
          </aside>
        ) : null}
      </div>
      {phone && sheetOpen ? (
        <FormSheet
          {...formProps}
          onClose={() => {
            setSheetOpen(false)
          }}
        />
      ) : null}
      {saving && applied ? (
        <PresetNameDialog
          purpose="save"
          preset={preset}
          item={presetItemOf(applied, panel)}
          mode={saving}
          onClose={() => {
            setSaving(null)
          }}
          onSaved={(saved: Preset) => {
            setLoadedPreset(`${saved.id}:${saved.version}`)
            setSaving(null)
            if (saved.id !== presetId) onPresetChange(saved.id)
          }}
          onTakeTheirs={(theirs: Preset) => {
            queryClient.setQueryData(presetQuery(theirs.id).queryKey, theirs)
            setLoadedPreset(null)
          }}
        />
      ) : null}
    </div>
  )
}
