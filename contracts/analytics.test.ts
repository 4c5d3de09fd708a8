import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AGGREGATIONS,
  analyticsLimits,
  ChartFormSchema,
  effectiveSort,
  hideInsignificant,
  isAlwaysShownMetric,
  isNoValue,
  METRIC_CATALOGUE,
  parseFilterValue,
  passesPrefilter,
  PERCENTILE_COLUMNS,
  prefilterOf,
  videoQualityTier,
  withinLimit,
  type ParsedFilter,
} from './analytics.ts'
import type { Grants } from './auth.ts'
import type { StoreMetricKey } from './ingestion.ts'

describe('constants of seeds 001 §3.2, §9', () => {
  it('has the 13 aggregations and the 10 percentile columns', () => {
    expect(AGGREGATIONS).toHaveLength(13)
    expect(PERCENTILE_COLUMNS).toEqual([
      'perc_1',
      'perc_5',
      'perc_10',
      'perc_20',
      'perc_25',
      'perc_75',
      'perc_80',
      'perc_90',
      'perc_95',
      'perc_99',
    ])
  })

  it('names every metric in the three locales, with an axis unit', () => {
    for (const metric of METRIC_CATALOGUE) {
      expect(Object.keys(metric.names).sort(), metric.key).toEqual(['ar-SA', 'en-GB', 'fr-CA'])
      expect(Object.values(metric.names).every((name) => name.length > 0)).toBe(true)
      expect(['ms', '%', 'Mbps', 'count', 'seconds', 'MB', 'RPM', 'MOS', 'dBm']).toContain(
        metric.metricUnit,
      )
    }
  })
})

describe('always-shown metrics (§3.3)', () => {
  it.each([
    ['vcop_download', true],
    ['consistency_80_80', true],
    ['accc_tbps_x', true],
    ['short_term_reliability', true],
    ['perc_above_90_evening_best_dl', true],
    ['disconnection_count', true],
    ['disconnection', false],
    ['httpgetmt', false],
    ['my_vcop_', false],
  ])('%s → %s', (key, shown) => {
    expect(isAlwaysShownMetric(key)).toBe(shown)
  })
})

describe('filter values (§5)', () => {
  it.each<
    [
      string,
      'integer' | 'text' | 'range',
      Parameters<typeof parseFilterValue>[2],
      ParsedFilter | null,
    ]
  >([
    ['isp', 'integer', '1,2;3', { id: 'isp', kind: 'integer', values: [1, 2, 3] }],
    ['isp', 'integer', ' 4 ; 4 , ', { id: 'isp', kind: 'integer', values: [4] }],
    ['isp', 'integer', '1,a', null],
    ['isp', 'integer', '1.5', null],
    ['isp', 'integer', '-1', null],
    ['isp', 'integer', ';;', null],
    ['isp', 'integer', { from: 1, to: 2 }, null],
    [
      'region',
      'text',
      'North;South West',
      { id: 'region', kind: 'text', values: ['North', 'South West'] },
    ],
    ['region', 'text', 'Île-de-France', { id: 'region', kind: 'text', values: ['Île-de-France'] }],
    ['region', 'text', '<b>', null],
    [
      'package_download',
      'range',
      { from: '10', to: '20.5' },
      { id: 'package_download', kind: 'range', from: 10, to: 20.5 },
    ],
    [
      'package_download',
      'range',
      { from: 5 },
      { id: 'package_download', kind: 'range', from: 5, to: null },
    ],
    ['package_download', 'range', { from: '-1', to: '5' }, null],
    ['package_download', 'range', { from: '1e3' }, null],
    ['package_download', 'range', { from: '9', to: '3' }, null],
    ['package_download', 'range', {}, null],
    ['package_download', 'range', '5', null],
  ])('%s (%s) %j', (id, type, raw, expected) => {
    expect(parseFilterValue(id, type, raw)).toEqual(expected)
  })
})

describe('the Chart form', () => {
  const form = {
    metrics: [{ key: 'httpgetmt' }],
    chartType: 'aggregate',
    timeAggregation: 'daily',
    date: { from: '2026-01-01', to: '2026-01-31' },
  }
  it('takes defaults', () => {
    expect(v.parse(ChartFormSchema, form)).toMatchObject({
      splits: [],
      filters: [],
      agent_agg: false,
      normalised: false,
      ci: false,
      plotValue: 'median',
    })
  })
  it.each([
    [{ date: { from: '2026-02-01', to: '2026-01-01' } }, 'date.to'],
    [{ date: { from: '2024-01-01', to: '2026-01-01' } }, 'date.to'],
    [{ splits: ['isp', 'region'] }, 'splits'],
    [{ splits: ['custom:<x>'] }, 'splits.0'],
    [{ chartType: 'pie' }, 'chartType'],
    [{ sortBy: 'median2' }, 'sortBy'],
  ])('refuses %j at %s', (change, field) => {
    const result = v.safeParse(ChartFormSchema, { ...form, ...change })
    expect(result.success).toBe(false)
    const paths = (result.issues ?? []).map((i) => i.path?.map((p) => String(p.key)).join('.'))
    expect(paths).toContain(field)
  })
})

describe('sorting only when split (§5)', () => {
  it.each([
    [[], 'median', null],
    [['isp'], null, null],
    [['isp'], 'median', { column: 'median', ascending: false }],
    [['isp'], '-perc_95', { column: 'perc_95', ascending: true }],
  ] as const)('splits %j sortBy %s', (splits, sortBy, expected) => {
    expect(effectiveSort({ splits: [...splits], sortBy })).toEqual(expected)
  })
})

describe('hide-insignificant (§9)', () => {
  const series = (tail: [number, number][], n = 11) => [
    ...Array.from({ length: n - tail.length }, (_, i) => ({ sampleCount: 100, v: 10 + (i % 3) })),
    ...tail.map(([sampleCount, value]) => ({ sampleCount, v: value })),
  ]
  it.each([
    ['10 points or fewer: kept', series([[1, 11]], 10), 10],
    ['last under a tenth: dropped', series([[9, 11]]), 10],
    ['last at a tenth: kept', series([[10, 11]]), 11],
    [
      'last two under a tenth: both dropped',
      series([
        [5, 11],
        [3, 11],
      ]),
      9,
    ],
    ['last under half but not extreme: kept', series([[40, 11]]), 11],
    ['last under half and extreme: dropped', series([[40, 99]]), 10],
    ['last under half and extreme low: dropped', series([[40, 1]]), 10],
    [
      'second last small, last fine: kept',
      series([
        [1, 11],
        [100, 11],
      ]),
      11,
    ],
  ])('%s', (_, points, kept) => {
    expect(hideInsignificant(points, (p) => p.v)).toHaveLength(kept)
  })
})

describe('video quality tiers (§9)', () => {
  it.each([
    ['netflix', 374_999, 'sd'],
    ['netflix', 375_000, 'hd'],
    ['netflix', 1_950_000, 'uhd'],
    ['youtube', 312_499, 'sd'],
    ['youtube', 849_999, 'hd'],
    ['youtube', 850_000, 'uhd'],
    ['iplayer', 350_000, 'hd'],
    ['iplayer', 1_000_000, 'uhd'],
  ] as const)('%s %i bps → %s', (service, bps, tier) => {
    expect(videoQualityTier(service, bps)).toBe(tier)
  })
})

describe('prefilters (§9) and no value (§3.3)', () => {
  it.each<[StoreMetricKey, string | null, number, boolean]>([
    ['httpgetmt', '4g', 150, true],
    ['httpgetmt', '4g', 150.1, false],
    ['httpgetst', '3g', 43, false],
    ['httpgetmt', '5g', 1999, true],
    ['httpgetmt', '5g', 2001, false],
    ['httpgetmt', 'fibre', 1000, true],
    ['httpgetmt', 'fibre', 1001, false],
    ['httppostmt', '4g', 76, false],
    ['httppostmt', '3g', 22, true],
    ['httppostmt', '5g', 1001, false],
    ['httppostst', null, 999, true],
    ['udpJitter', null, 999, true],
    ['udpJitter', null, 1000, false],
    ['voip_mos', null, 5, true],
    ['voip_mos', null, 5.1, false],
    ['voip_mos', null, -0.1, false],
    ['udpLatency', null, 1e6, true],
  ])('%s on %s: %d kept %s', (metric, tech, value, kept) => {
    expect(passesPrefilter(prefilterOf(metric, tech), value)).toBe(kept)
  })

  it.each<[StoreMetricKey, number, boolean]>([
    ['mobile_signal_strength', 0, true],
    ['mobile_signal_strength', -80, false],
    ['udpLatency', 0, false],
  ])('%s %d is no value: %s', (metric, value, none) => {
    expect(isNoValue(metric, value)).toBe(none)
  })
})

describe('grant limits on isp, country and metric values (§5)', () => {
  const ui = (...scopes: Record<string, string | number>[]): Grants => ({
    Apollo: { analytics_ui: scopes },
  })
  it.each<[string, Grants, ReturnType<typeof analyticsLimits>]>([
    ['a plain panel grant: open', ui({ panel: 3 }), { isps: null, countries: null, metrics: null }],
    [
      'lists on the panel',
      ui({ panel: 3, isps: '1,2', countries: 'GB', metrics: 'httpgetmt' }),
      { isps: [1, 2], countries: ['GB'], metrics: ['httpgetmt'] },
    ],
    [
      'two grants: the union; a dimension one leaves open is open',
      ui({ panel: 3, isps: '1', countries: 'GB' }, { panel: 3, isps: '2;3' }),
      { isps: [1, 2, 3], countries: null, metrics: null },
    ],
    [
      'another panel’s lists do not apply',
      ui({ panel: 3 }, { panel: 4, isps: '1' }),
      { isps: null, countries: null, metrics: null },
    ],
    [
      'global access: open',
      { ...ui({ panel: 3, isps: '1' }), Administration: { units: true } },
      { isps: null, countries: null, metrics: null },
    ],
    [
      'unscoped analytics_ui: open',
      { Apollo: { analytics_ui: true } },
      { isps: null, countries: null, metrics: null },
    ],
    [
      'under test-measurements too',
      { 'test-measurements': { analytics_ui: [{ panel: 3, metrics: 'udpLatency' }] } },
      { isps: null, countries: null, metrics: ['udpLatency'] },
    ],
  ])('%s', (_, grants, expected) => {
    expect(analyticsLimits(grants, 3)).toEqual(expected)
  })

  it('withinLimit', () => {
    expect(withinLimit(null, 5)).toBe(true)
    expect(withinLimit([1, 2], 2)).toBe(true)
    expect(withinLimit([1, 2], 3)).toBe(false)
  })
})
