import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ChartFormSchema } from '#contracts/analytics.ts'
import { PresetDataItemSchema } from '#contracts/presets.ts'
import {
  BuilderSearchSchema,
  chartFormsOf,
  defaultForm,
  formOfPresetItem,
  invalidFilters,
  presetItemOf,
  sameForm,
  withAggregation,
  withChartType,
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
      'a map type opens as aggregate',
      { ...presetItemOf(base, 3), chartType: 'geo_heatmap' },
      { chartType: 'aggregate' },
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
