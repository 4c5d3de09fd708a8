import { describe, expect, it } from 'vitest'
import { anomalyChange, areaNameOf, higherIsWorseFor } from './anomaly-change'

describe('higherIsWorseFor', () => {
  it.each([
    { type: 'measurement', metric: 'download', worse: false },
    { type: 'measurement', metric: 'upload', worse: false },
    { type: 'measurement', metric: 'latency', worse: true },
    { type: 'measurement', metric: 'packet_loss', worse: true },
    { type: 'measurement', metric: 'disconnection', worse: true },
    // A success rate or a count of tests falls when things go wrong, whatever was measured.
    { type: 'success_rate', metric: 'latency', worse: false },
    { type: 'success_rate', metric: 'upload', worse: false },
    { type: 'sample_size', metric: 'packet_loss', worse: false },
  ] as const)('$type of $metric: higher is worse: $worse', ({ type, metric, worse }) => {
    expect(higherIsWorseFor(type, metric)).toBe(worse)
  })
})

describe('anomalyChange', () => {
  it.each([
    {
      name: 'a slow download',
      anomaly: { type: 'measurement', metric: 'download', value: 41, baseline: 92 },
      expected: { kind: 'value', value: 41, baseline: 92, verdict: 'worse' },
      change: -0.554,
    },
    {
      name: 'a latency rise',
      anomaly: { type: 'measurement', metric: 'latency', value: 60, baseline: 24 },
      expected: { kind: 'value', verdict: 'worse' },
      change: 1.5,
    },
    {
      name: 'latency that fell',
      anomaly: { type: 'measurement', metric: 'latency', value: 12, baseline: 24 },
      expected: { kind: 'value', verdict: 'better' },
      change: -0.5,
    },
    {
      name: 'an upload success rate drop',
      anomaly: { type: 'success_rate', metric: 'upload', value: 52.25, baseline: 98.2 },
      expected: { kind: 'value', verdict: 'worse' },
      change: -0.468,
    },
    {
      name: 'fewer latency tests',
      anomaly: { type: 'sample_size', metric: 'latency', value: 300, baseline: 1200 },
      expected: { kind: 'value', verdict: 'worse' },
      change: -0.75,
    },
    {
      name: 'packet loss from nothing (no share of a zero baseline)',
      anomaly: { type: 'measurement', metric: 'packet_loss', value: 2, baseline: 0 },
      expected: { kind: 'value', verdict: 'worse', change: null },
      change: null,
    },
    {
      name: 'no baseline',
      anomaly: { type: 'measurement', metric: 'download', value: 41, baseline: null },
      expected: { kind: 'value', verdict: null, change: null },
      change: null,
    },
    {
      name: 'as usual',
      anomaly: { type: 'measurement', metric: 'upload', value: 20, baseline: 20 },
      expected: { kind: 'value', verdict: 'same' },
      change: 0,
    },
  ] as const)('$name', ({ anomaly, expected, change }) => {
    const result = anomalyChange(anomaly)
    expect(result).toMatchObject(expected)
    if (change === null) expect(result).toMatchObject({ change: null })
    else if (result.kind === 'value') expect(result.change).toBeCloseTo(change, 3)
  })

  it.each([
    { type: 'outage', metric: 'outage', value: null, baseline: null },
    { type: 'outage', metric: 'disconnection', value: 3, baseline: 0 },
    { type: 'measurement', metric: 'download', value: null, baseline: 90 },
  ] as const)('$type of $metric with value $value is an outage', (anomaly) => {
    expect(anomalyChange(anomaly)).toEqual({ kind: 'outage' })
  })
})

describe('areaNameOf', () => {
  it.each([
    {
      area: { hub_site: 'LON-HUB-02', cmts_name: 'CMTS-7', mac_domain: 'MD-1' },
      expected: { kind: 'hub_site', name: 'LON-HUB-02' },
    },
    {
      area: { hub_site: null, cmts_name: 'CMTS-7', mac_domain: 'MD-1' },
      expected: { kind: 'cmts_name', name: 'CMTS-7' },
    },
    {
      area: { hub_site: ' ', cmts_name: null, mac_domain: 'MD-1' },
      expected: { kind: 'mac_domain', name: 'MD-1' },
    },
    { area: { hub_site: null, cmts_name: null, mac_domain: null }, expected: null },
  ])('$area.hub_site / $area.cmts_name / $area.mac_domain', ({ area, expected }) => {
    expect(areaNameOf(area)).toEqual(expected)
  })
})
