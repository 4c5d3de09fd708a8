import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ChartFormSchema } from '#contracts/analytics.ts'
import { MapFormSchema } from '#contracts/maps.ts'
import { PresetDataItemSchema } from '#contracts/presets.ts'
import {
  BUILDER_CHART_TYPES,
  BuilderSearchSchema,
  chartFormsOf,
  chartTypesFor,
  defaultForm,
  formOfPresetItem,
  invalidFilters,
  isMapChart,
  mapFormOf,
  presetItemOf,
  sameForm,
  validRadius,
  withAggregation,
  withChartType,
  withMetric,
  withSplit,
  type BuilderForm,
} from './builder-form'

const NOW = Date.parse('2026-11-28T08:00:00Z')
const base = defaultForm(NOW)
const form = (patch: Partial<BuilderForm>): BuilderForm => ({ ...base, ...patch })

describe('defaults (seeds §9)', () => {
  it('charts download daily over the last 30 days, ci off, regression on', () => {
    expect(base).toMatchObject({
      metrics: ['httpgetmt'],
      chartType: 'aggregate',
      timeAggregation: 'daily',
      from: '2026-10-30',
      to: '2026-11-28',
      ci: false,
      showRegression: true,
    })
  })
})

describe('form rules', () => {
  it.each<[string, BuilderForm, Partial<BuilderForm>]>([
    [
      'raw chart type reads raw results',
      withChartType(base, 'raw'),
      { chartType: 'raw', timeAggregation: 'raw' },
    ],
    [
      'raw aggregation draws a raw chart',
      withAggregation(base, 'raw'),
      { chartType: 'raw', timeAggregation: 'raw' },
    ],
    [
      'leaving raw goes back to daily',
      withChartType(withChartType(base, 'raw'), 'column'),
      { chartType: 'column', timeAggregation: 'daily' },
    ],
    [
      'another aggregation leaves raw charts',
      withAggregation(withChartType(base, 'raw'), 'weekly'),
      { chartType: 'aggregate', timeAggregation: 'weekly' },
    ],
    [
      'the detailed view is for raw only',
      withChartType(form({ chartType: 'raw', timeAggregation: 'raw', detailed: true }), 'boxplot'),
      { detailed: false },
    ],
    [
      'removing the split removes the sort (§5)',
      withSplit(form({ split: 'isp', sortBy: '-median' }), null),
      { split: null, sortBy: null },
    ],
    [
      'a split keeps the sort',
      withSplit(form({ split: 'isp', sortBy: 'median' }), 'region'),
      { split: 'region', sortBy: 'median' },
    ],
  ])('%s', (_, actual, expected) => {
    expect(actual).toMatchObject(expected)
  })
})

describe('filter values (seeds §5)', () => {
  const f = (id: string, value = '', from = '', to = '') => ({ id, value, from, to })
  it.each<[string, ReturnType<typeof f>[], string[]]>([
    ['integer ids separated by , or ;', [f('isp', '1, 2;3')], []],
    ['letters in an id list are refused', [f('isp', '1,a')], ['isp']],
    ['text values', [f('technology', 'fibre; cable')], []],
    ['markup in text is refused', [f('region', '<b>')], ['region']],
    ['a positive range', [f('package_download', '', '10', '100.5')], []],
    ['a reversed range is refused', [f('package_download', '', '100', '10')], ['package_download']],
    ['a negative bound is refused', [f('package_download', '', '-1', '')], ['package_download']],
    ['only the refused one is named', [f('isp', '4'), f('country', 'G<B')], ['country']],
  ])('%s', (_, filters, expected) => {
    expect(invalidFilters(filters)).toEqual(expected)
  })
})

describe('chart forms (seeds §4: one request per metric)', () => {
  it('sends one valid Chart form per metric, sort only when split', () => {
    const forms = chartFormsOf(
      form({
        metrics: ['httpgetmt', 'httppostmt', 'udpLatency', 'udpPacketLoss'],
        sortBy: '-median',
        filters: [
          { id: 'isp', value: '1;2', from: '', to: '' },
          { id: 'region', value: '  ', from: '', to: '' },
        ],
      }),
      6,
      true,
    )
    expect(forms.map((f) => f.metrics)).toEqual([
      [{ key: 'httpgetmt' }],
      [{ key: 'httppostmt' }],
      [{ key: 'udpLatency' }],
      [{ key: 'udpPacketLoss' }],
    ])
    for (const sent of forms) {
      const parsed = v.safeParse(ChartFormSchema, sent)
      expect(parsed.success).toBe(true)
      expect(sent).toMatchObject({ sortBy: null, hideInsignificant: true, panel: 6 })
      expect(sent.filters).toEqual([{ id: 'isp', value: '1;2' }])
    }
  })

  it('keeps the sort with a split and sends ranges as bounds', () => {
    const [sent] = chartFormsOf(
      form({
        split: 'isp',
        sortBy: '-median',
        filters: [{ id: 'package_download', value: '', from: '10', to: '' }],
      }),
      2,
      false,
    )
    expect(sent).toMatchObject({
      splits: ['isp'],
      sortBy: '-median',
      filters: [{ id: 'package_download', value: { from: '10', to: null } }],
    })
  })
})

describe('form ↔ preset item', () => {
  it.each<[string, BuilderForm]>([
    ['the default', base],
    [
      'a split, sorted column chart with filters',
      form({
        chartType: 'column',
        split: 'isp',
        sortBy: 'perc_95',
        filters: [{ id: 'isp', value: '1,2', from: '', to: '' }],
      }),
    ],
    [
      'a raw chart with the detailed view',
      form({ chartType: 'raw', timeAggregation: 'raw', detailed: true, metrics: ['udpLatency'] }),
    ],
    [
      'a table with its columns, ci and no regression',
      form({
        chartType: 'table',
        tableColumns: ['median', 'perc_99'],
        ci: true,
        showRegression: false,
        agentAgg: true,
      }),
    ],
    [
      'a range filter',
      form({ filters: [{ id: 'package_download', value: '', from: '10', to: '50' }] }),
    ],
    ['an aggregate map of regions', withChartType(form({ area: 'region' }), 'map')],
    [
      'a heat map with its radius in km and a filter',
      withChartType(
        form({
          radius: 2.5,
          radiusUnit: 'km',
          filters: [{ id: 'isp', value: '1', from: '', to: '' }],
        }),
        'geo_heatmap',
      ),
    ],
    [
      'a raw mobile map with its radius in metres',
      withChartType(form({ radius: 300, radiusUnit: 'm' }), 'raw_mobile'),
    ],
  ])('%s comes back the same, and is a valid preset item', (_, original) => {
    const item = presetItemOf(original, 3)
    const stored = v.parse(PresetDataItemSchema, item)
    const back = formOfPresetItem(stored, NOW)
    expect(back).not.toBeNull()
    expect(sameForm(back ?? base, original)).toBe(true)
  })

  it.each<[string, unknown, Partial<BuilderForm> | null]>([
    [
      'time_series loads as aggregate (§3.1)',
      { ...presetItemOf(base, 3), chartType: 'time_series' },
      { chartType: 'aggregate' },
    ],
    [
      'a map type opens as that map, with the §9 default radius',
      { ...presetItemOf(base, 3), chartType: 'geo_heatmap' },
      { chartType: 'geo_heatmap', radius: 15, radiusUnit: 'px', area: 'h3' },
    ],
    [
      'a map item of several metrics keeps the first',
      {
        ...presetItemOf(form({ metrics: ['httpgetmt', 'udpLatency'] }), 3),
        chartType: 'map',
      },
      { chartType: 'map', metrics: ['httpgetmt'], timeAggregation: 'daily' },
    ],
    [
      'an unreadable radius falls back to the default',
      { ...presetItemOf(base, 3), chartType: 'raw_map', heatmapPointRadius: -4 },
      { chartType: 'raw_map', radius: 15 },
    ],
    [
      'raw aggregation forces the raw chart',
      { ...presetItemOf(base, 3), timeAggregation: 'raw' },
      { chartType: 'raw' },
    ],
    ['an item without metrics is not a form', { ...presetItemOf(base, 3), metrics: [] }, null],
    ['garbage is not a form', { hello: 1 }, null],
  ])('%s', (_, item, expected) => {
    const loaded = formOfPresetItem(item, NOW)
    if (expected === null) expect(loaded).toBeNull()
    else expect(loaded).toMatchObject(expected)
  })
})

describe('search (/analytics?preset=)', () => {
  it.each<[unknown, number | undefined]>([
    [{ preset: 12 }, 12],
    [{}, undefined],
    [{ preset: 'abc' }, undefined],
    [{ preset: -3 }, undefined],
    [{ preset: 1.5 }, undefined],
  ])('%j → %s', (input, expected) => {
    expect(v.parse(BuilderSearchSchema, input).preset).toBe(expected)
  })
})

describe('maps in the builder (seeds §3.1, §9; issue 24)', () => {
  it('offers the five map types only with the maps permission', () => {
    expect(chartTypesFor(false)).not.toContain('map')
    expect(chartTypesFor(true).filter(isMapChart)).toEqual([
      'map',
      'raw_map',
      'geo_heatmap',
      'lat_lon',
      'raw_mobile',
    ])
    expect(chartTypesFor(true)).toEqual(BUILDER_CHART_TYPES)
  })

  it.each<[string, BuilderForm, Partial<BuilderForm>]>([
    [
      'a map keeps one metric, reads daily summaries, unsplit',
      withChartType(
        form({
          metrics: ['httpgetmt', 'udpLatency'],
          timeAggregation: 'weekly',
          split: 'isp',
          sortBy: 'median',
        }),
        'map',
      ),
      {
        chartType: 'map',
        metrics: ['httpgetmt'],
        timeAggregation: 'daily',
        split: null,
        sortBy: null,
      },
    ],
    [
      'a raw chart turned into a map leaves raw results',
      withChartType(form({ chartType: 'raw', timeAggregation: 'raw', detailed: true }), 'raw_map'),
      { chartType: 'raw_map', timeAggregation: 'daily', detailed: false },
    ],
    [
      'raw mobile is never normalised',
      withChartType(form({ normalised: true }), 'raw_mobile'),
      { normalised: false },
    ],
    [
      'another map keeps normalisation',
      withChartType(form({ normalised: true }), 'lat_lon'),
      { normalised: true },
    ],
    [
      'another aggregation on a map is a line chart',
      withAggregation(withChartType(base, 'map'), 'weekly'),
      { chartType: 'aggregate', timeAggregation: 'weekly' },
    ],
    [
      'raw aggregation on a map is a raw chart',
      withAggregation(withChartType(base, 'map'), 'raw'),
      { chartType: 'raw', timeAggregation: 'raw' },
    ],
    [
      'ticking a metric on a map replaces the one chosen',
      withMetric(withChartType(base, 'map'), 'udpLatency', true),
      { metrics: ['udpLatency'] },
    ],
    [
      'ticking a metric on a chart adds it',
      withMetric(base, 'udpLatency', true),
      { metrics: ['httpgetmt', 'udpLatency'] },
    ],
    [
      'unticking removes it',
      withMetric(form({ metrics: ['httpgetmt', 'udpLatency'] }), 'httpgetmt', false),
      { metrics: ['udpLatency'] },
    ],
  ])('%s', (_, result, expected) => {
    expect(result).toMatchObject(expected)
  })

  it('a map sends no chart-data request but one valid map form', () => {
    const map = withChartType(
      form({ area: 'region', filters: [{ id: 'isp', value: '1;2', from: '', to: '' }] }),
      'map',
    )
    expect(chartFormsOf(map, 6, true)).toEqual([])
    const mapForm = mapFormOf(map, 6)
    expect(v.parse(MapFormSchema, mapForm)).toMatchObject({
      mapType: 'map',
      chartType: 'map',
      metrics: [{ key: 'httpgetmt' }],
      timeAggregation: 'daily',
      area: 'region',
      filters: [{ id: 'isp', value: '1;2' }],
      panel: 6,
    })
    const points = mapFormOf(withChartType(base, 'raw_mobile'), 6)
    expect(points).not.toHaveProperty('area')
    expect(v.parse(MapFormSchema, points).mapType).toBe('raw_mobile')
    expect(mapFormOf(base, 6)).toBeNull()
    expect(mapFormOf(withChartType(form({ metrics: [] }), 'map'), 6)).toBeNull()
  })

  it.each([
    [15, true],
    [1, true],
    [100_000, true],
    [0.5, false],
    [0, false],
    [100_001, false],
    [Number.NaN, false],
  ])('radius %s valid: %s', (radius, valid) => {
    expect(validRadius(radius)).toBe(valid)
  })

  it('the preset item of a map carries its radius, unit and area kind', () => {
    const item = v.parse(
      PresetDataItemSchema,
      presetItemOf(withChartType(form({ radius: 40, radiusUnit: 'm' }), 'raw_map'), 6),
    )
    expect(item).toMatchObject({
      chartType: 'raw_map',
      heatmapPointRadius: 40,
      heatmapPointRadiusUnit: 'm',
      mapArea: 'h3',
    })
    // A chart's item carries no map settings beyond the §9 default radius.
    expect(v.parse(PresetDataItemSchema, presetItemOf(base, 6))).not.toHaveProperty(
      'heatmapPointRadiusUnit',
    )
  })
})

describe('search ?chart= (/mapping opens a map)', () => {
  it.each<[unknown, string | undefined]>([
    [{ chart: 'map' }, 'map'],
    [{ chart: 'raw_mobile' }, 'raw_mobile'],
    [{ chart: 'column' }, 'column'],
    [{ chart: 'time_series' }, undefined],
    [{ chart: 'pie' }, undefined],
    [{}, undefined],
  ])('%j → %s', (input, expected) => {
    expect(v.parse(BuilderSearchSchema, input).chart).toBe(expected)
  })
})
