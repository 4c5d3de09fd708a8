import { useId, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  AGGREGATIONS,
  PLOT_VALUES,
  filterableType,
  type AnalyticsMetadata,
  type PlotValue,
} from '#contracts/analytics.ts'
import { POINT_RADIUS_UNITS, type PointRadiusUnit } from '#contracts/maps.ts'
import { Button, Checkbox, SelectField, TextField } from '../../ui'
import {
  chartTypesFor,
  isMapChart,
  RADIUS_MAX,
  RADIUS_MIN,
  TABLE_COLUMNS,
  validRadius,
  withAggregation,
  withChartType,
  withMetric,
  withSplit,
  type BuilderChartType,
  type BuilderFilter,
  type BuilderForm,
} from './builder-form'
import {
  AGGREGATION_NAMES,
  CHART_TYPE_NAMES,
  familyName,
  fieldName,
  metricNameOf,
  plotValueName,
  RADIUS_UNIT_NAMES,
} from './builder-labels'
import type { ChartSettings } from './chart-settings'
import styles from './AnalyticsBuilder.module.css'

export type BuilderFormPanelProps = {
  form: BuilderForm
  onChange: (next: BuilderForm) => void
  metadata: AnalyticsMetadata | undefined
  /** Filter ids the server would refuse (shown on their field). */
  invalid: readonly string[]
  /** The caller has advanced_analytics on the panel (detailed point view). */
  advanced: boolean
  /** The caller has the maps permission on the panel (the map chart types). */
  maps: boolean
  settings: ChartSettings
  onSettingsChange: (next: ChartSettings) => void
  onSubmit: () => void
  /** The form differs from the chart shown. */
  changed: boolean
}

/** The metric picker: search, grouped by family, each metric with its unit. */
function MetricPicker({
  metadata,
  chosen,
  single,
  onToggle,
}: {
  metadata: AnalyticsMetadata | undefined
  chosen: readonly string[]
  /** One metric only (a map): ticking another replaces it. */
  single: boolean
  onToggle: (key: string, on: boolean) => void
}) {
  const { i18n, t } = useLingui()
  const [query, setQuery] = useState('')
  const groups = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase(i18n.locale)
    const map = new Map<string, { key: string; name: string; unit: string }[]>()
    for (const metric of metadata?.metrics ?? []) {
      const name = metricNameOf(i18n, metadata, metric.key)
      const family = familyName(i18n, metric.family)
      if (
        needle &&
        !`${name} ${family} ${metric.key}`.toLocaleLowerCase(i18n.locale).includes(needle)
      )
        continue
      const list = map.get(family) ?? []
      list.push({ key: metric.key, name, unit: metric.metricUnit })
      map.set(family, list)
    }
    return [...map.entries()]
  }, [metadata, query, i18n])
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        <Trans>Metrics</Trans>
      </legend>
      {single ? (
        <p className={styles.note}>
          <Trans>A map shows one metric: choosing another replaces it.</Trans>
        </p>
      ) : null}
      <TextField
        label={t`Search metrics`}
        type="search"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
        }}
      />
      <div className={styles.metricList}>
        {groups.length === 0 ? (
          <p className={styles.note}>
            <Trans>No metric matches.</Trans>
          </p>
        ) : null}
        {groups.map(([family, metrics]) => (
          <div key={family} role="group" aria-label={family}>
            <p className={styles.family}>{family}</p>
            {metrics.map((metric) => (
              <Checkbox
                key={metric.key}
                name="metric"
                value={metric.key}
                checked={chosen.includes(metric.key)}
                onChange={(event) => {
                  onToggle(metric.key, event.target.checked)
                }}
                label={
                  <>
                    {metric.name} <span className={styles.unit}>({metric.unit})</span>
                  </>
                }
              />
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  )
}

/** One filter row: its values (or range bounds) with the refusal on the field. */
function FilterRow({
  filter,
  metadata,
  invalid,
  onChange,
  onRemove,
}: {
  filter: BuilderFilter
  metadata: AnalyticsMetadata | undefined
  invalid: boolean
  onChange: (next: BuilderFilter) => void
  onRemove: () => void
}) {
  const { i18n, t } = useLingui()
  const name = fieldName(i18n, filter.id, metadata)
  const type =
    metadata?.filterables.find((f) => f.id === filter.id)?.type ?? filterableType(filter.id)
  const known = metadata?.filterables.find((f) => f.id === filter.id)?.values ?? []
  const listId = useId()
  const error = invalid
    ? type === 'range'
      ? t`Enter positive numbers, the first not above the second.`
      : type === 'integer'
        ? t`Enter numbers only, separated by , or ;.`
        : t`Enter values separated by , or ; (letters, numbers, spaces and . - / & only).`
    : undefined
  return (
    <div className={styles.filterRow} data-filter={filter.id}>
      {type === 'range' ? (
        <div className={styles.rangeRow}>
          <TextField
            label={t`${name}: from`}
            inputMode="decimal"
            value={filter.from}
            error={error}
            onChange={(event) => {
              onChange({ ...filter, from: event.target.value })
            }}
          />
          <TextField
            label={t`${name}: to`}
            inputMode="decimal"
            value={filter.to}
            onChange={(event) => {
              onChange({ ...filter, to: event.target.value })
            }}
          />
        </div>
      ) : (
        <>
          <TextField
            label={name}
            hint={type === 'integer' ? t`Ids separated by , or ;` : t`Values separated by , or ;`}
            list={known.length > 0 ? listId : undefined}
            value={filter.value}
            error={error}
            onChange={(event) => {
              onChange({ ...filter, value: event.target.value })
            }}
          />
          {known.length > 0 ? (
            <datalist id={listId}>
              {known.slice(0, 200).map((option) => (
                <option key={String(option.value)} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </datalist>
          ) : null}
        </>
      )}
      <Button variant="text" type="button" onClick={onRemove}>
        <Trans>Remove filter {name}</Trans>
      </Button>
    </div>
  )
}

/** The builder's form: what to chart, how, and the device's chart settings. */
export function BuilderFormPanel({
  form,
  onChange,
  metadata,
  invalid,
  advanced,
  maps,
  settings,
  onSettingsChange,
  onSubmit,
  changed,
}: BuilderFormPanelProps) {
  const { i18n, t } = useLingui()
  const [newFilter, setNewFilter] = useState('')
  const map = isMapChart(form.chartType)
  const pointMap = map && form.chartType !== 'map'
  // A map chosen before (a preset) stays listed even without the permission: the page says why.
  const chartTypes = chartTypesFor(maps || map)
  const [radiusText, setRadiusText] = useState<string | null>(null)
  const radiusInvalid = radiusText !== null && !validRadius(Number(radiusText))
  const splittables = metadata?.splittables ?? []
  const filterables = (metadata?.filterables ?? []).filter(
    (f) => !form.filters.some((chosen) => chosen.id === f.id),
  )
  const canSplit = form.metrics.every(
    (key) => metadata?.metrics.find((m) => m.key === key)?.can_split ?? true,
  )
  const normalisable = metadata?.normalisable ?? false
  const updateFilter = (index: number, next: BuilderFilter) => {
    onChange({ ...form, filters: form.filters.map((f, i) => (i === index ? next : f)) })
  }
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t`Chart`}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <MetricPicker
        metadata={metadata}
        chosen={form.metrics}
        single={map}
        onToggle={(key, on) => {
          onChange(withMetric(form, key, on))
        }}
      />
      <SelectField
        label={t`Chart type`}
        name="chartType"
        value={form.chartType}
        onChange={(event) => {
          onChange(withChartType(form, event.target.value as BuilderChartType))
        }}
      >
        {chartTypes.map((type) => (
          <option key={type} value={type}>
            {i18n._(CHART_TYPE_NAMES[type])}
          </option>
        ))}
      </SelectField>
      {form.chartType === 'map' ? (
        <SelectField
          label={t`Areas`}
          name="area"
          value={form.area}
          onChange={(event) => {
            onChange({ ...form, area: event.target.value === 'region' ? 'region' : 'h3' })
          }}
        >
          <option value="h3">{t`Hexagons that follow the zoom`}</option>
          <option value="region">{t`Regions of the units`}</option>
        </SelectField>
      ) : null}
      {pointMap ? (
        <div className={styles.rangeRow}>
          <TextField
            label={t`Point radius`}
            name="radius"
            inputMode="decimal"
            value={radiusText ?? String(form.radius)}
            error={
              radiusInvalid ? t`Enter a number from ${RADIUS_MIN} to ${RADIUS_MAX}.` : undefined
            }
            onChange={(event) => {
              const text = event.target.value
              setRadiusText(text)
              const value = Number(text)
              if (text.trim() !== '' && validRadius(value)) onChange({ ...form, radius: value })
            }}
            onBlur={() => {
              if (!radiusInvalid) setRadiusText(null)
            }}
          />
          <SelectField
            label={t`Radius unit`}
            name="radiusUnit"
            value={form.radiusUnit}
            onChange={(event) => {
              onChange({ ...form, radiusUnit: event.target.value as PointRadiusUnit })
            }}
          >
            {POINT_RADIUS_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {i18n._(RADIUS_UNIT_NAMES[unit])}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {map ? null : (
        <SelectField
          label={t`Aggregation`}
          name="timeAggregation"
          value={form.timeAggregation}
          onChange={(event) => {
            onChange(withAggregation(form, event.target.value as BuilderForm['timeAggregation']))
          }}
        >
          {AGGREGATIONS.map((aggregation) => (
            <option key={aggregation} value={aggregation}>
              {i18n._(AGGREGATION_NAMES[aggregation])}
            </option>
          ))}
        </SelectField>
      )}
      <div className={styles.rangeRow}>
        <TextField
          label={t`From`}
          type="date"
          name="from"
          value={form.from}
          max={form.to}
          onChange={(event) => {
            onChange({ ...form, from: event.target.value })
          }}
        />
        <TextField
          label={t`To`}
          type="date"
          name="to"
          value={form.to}
          min={form.from}
          onChange={(event) => {
            onChange({ ...form, to: event.target.value })
          }}
        />
      </div>
      {map ? null : (
        <SelectField
          label={t`Split by`}
          name="split"
          value={form.split ?? ''}
          disabled={!canSplit}
          hint={canSplit ? undefined : t`A chosen metric cannot be split.`}
          onChange={(event) => {
            onChange(withSplit(form, event.target.value === '' ? null : event.target.value))
          }}
        >
          <option value="">{t`No split`}</option>
          {splittables.map((split) => (
            <option key={split.id} value={split.id}>
              {fieldName(i18n, split.id, metadata)}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label={t`Plot value`}
        name="plotValue"
        value={form.plotValue}
        onChange={(event) => {
          onChange({ ...form, plotValue: event.target.value as PlotValue })
        }}
      >
        {PLOT_VALUES.map((value) => (
          <option key={value} value={value}>
            {plotValueName(i18n, value)}
          </option>
        ))}
      </SelectField>
      {form.split === null ? null : (
        <SelectField
          label={t`Sort splits by`}
          name="sortBy"
          value={form.sortBy ?? ''}
          onChange={(event) => {
            onChange({ ...form, sortBy: event.target.value === '' ? null : event.target.value })
          }}
        >
          <option value="">{t`Not sorted`}</option>
          {PLOT_VALUES.flatMap((value) => {
            const name = plotValueName(i18n, value)
            return [
              <option key={value} value={value}>
                {t`${name}, highest first`}
              </option>,
              <option key={`-${value}`} value={`-${value}`}>
                {t`${name}, lowest first`}
              </option>,
            ]
          })}
        </SelectField>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Filters</Trans>
        </legend>
        {form.filters.map((filter, index) => (
          <FilterRow
            key={filter.id}
            filter={filter}
            metadata={metadata}
            invalid={invalid.includes(filter.id)}
            onChange={(next) => {
              updateFilter(index, next)
            }}
            onRemove={() => {
              onChange({ ...form, filters: form.filters.filter((_, i) => i !== index) })
            }}
          />
        ))}
        {filterables.length > 0 ? (
          <div className={styles.addFilter}>
            <SelectField
              label={t`Add a filter`}
              value={newFilter}
              onChange={(event) => {
                setNewFilter(event.target.value)
              }}
            >
              <option value="">{t`Choose a field`}</option>
              {filterables.map((f) => (
                <option key={f.id} value={f.id}>
                  {fieldName(i18n, f.id, metadata)}
                </option>
              ))}
            </SelectField>
            <Button
              variant="secondary"
              type="button"
              disabled={newFilter === ''}
              onClick={() => {
                onChange({
                  ...form,
                  filters: [...form.filters, { id: newFilter, value: '', from: '', to: '' }],
                })
                setNewFilter('')
              }}
            >
              <Trans>Add filter</Trans>
            </Button>
          </div>
        ) : null}
      </fieldset>
      {form.chartType === 'table' ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            <Trans>Table columns</Trans>
          </legend>
          <div className={styles.columns}>
            {TABLE_COLUMNS.map((column) => (
              <Checkbox
                key={column}
                label={plotValueName(i18n, column)}
                checked={form.tableColumns.includes(column)}
                onChange={(event) => {
                  const next = event.target.checked
                    ? TABLE_COLUMNS.filter((c) => c === column || form.tableColumns.includes(c))
                    : form.tableColumns.filter((c) => c !== column)
                  onChange({ ...form, tableColumns: next })
                }}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Options</Trans>
        </legend>
        {map ? null : (
          <>
            <Checkbox
              label={t`Confidence interval (95%)`}
              checked={form.ci}
              onChange={(event) => {
                onChange({ ...form, ci: event.target.checked })
              }}
            />
            <Checkbox
              label={t`Regression line`}
              checked={form.showRegression}
              onChange={(event) => {
                onChange({ ...form, showRegression: event.target.checked })
              }}
            />
            <Checkbox
              label={t`Aggregate per unit first`}
              checked={form.agentAgg}
              onChange={(event) => {
                onChange({ ...form, agentAgg: event.target.checked })
              }}
            />
          </>
        )}
        {form.chartType === 'raw_mobile' ? null : (
          <Checkbox
            label={
              normalisable
                ? t`Normalised (% of package speed)`
                : t`Normalised (% of package speed): not available on this panel`
            }
            checked={form.normalised && normalisable}
            disabled={!normalisable}
            onChange={(event) => {
              onChange({ ...form, normalised: event.target.checked })
            }}
          />
        )}
        {advanced && form.chartType === 'raw' ? (
          <Checkbox
            label={t`Detailed point view (units)`}
            checked={form.detailed}
            onChange={(event) => {
              onChange({ ...form, detailed: event.target.checked })
            }}
          />
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Chart settings on this device</Trans>
        </legend>
        <Checkbox
          label={t`Value axis from zero`}
          checked={settings.zeroAxis}
          onChange={(event) => {
            onSettingsChange({ ...settings, zeroAxis: event.target.checked })
          }}
        />
        <Checkbox
          label={t`Hide insignificant last points`}
          checked={settings.hideInsignificant}
          onChange={(event) => {
            onSettingsChange({ ...settings, hideInsignificant: event.target.checked })
          }}
        />
        <Checkbox
          label={t`Show zero values blank in tables`}
          checked={settings.zeroWhite}
          onChange={(event) => {
            onSettingsChange({ ...settings, zeroWhite: event.target.checked })
          }}
        />
      </fieldset>
      <div className={styles.submitRow}>
        <Button
          type="submit"
          variant="primary"
          disabled={form.metrics.length === 0 || radiusInvalid}
        >
          {changed ? <Trans>Show chart</Trans> : <Trans>Refresh chart</Trans>}
        </Button>
        {form.metrics.length === 0 ? (
          <p className={styles.note}>
            <Trans>Choose at least one metric.</Trans>
          </p>
        ) : null}
      </div>
    </form>
  )
}
