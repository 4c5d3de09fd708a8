import { describe, expect, it } from 'vitest'
import {
  defaultMapThresholds,
  isCustomised,
  mapLevel,
  readThresholds,
  type MapThresholds,
} from './map-thresholds'

describe('mapLevel', () => {
  const download = defaultMapThresholds('httpgetmt') as MapThresholds
  const latency = defaultMapThresholds('udpLatency') as MapThresholds
  const signal = defaultMapThresholds('mobile_signal_strength') as MapThresholds
  it.each<[string, MapThresholds, number | null, string | null]>([
    ['download at the good line', download, 100, 'good'],
    ['download just under it', download, 99.9, 'fair'],
    ['download at the fair line', download, 30, 'fair'],
    ['download under it', download, 29.99, 'poor'],
    ['latency at the good line', latency, 30, 'good'],
    ['latency over it', latency, 30.1, 'fair'],
    ['latency at the fair line', latency, 60, 'fair'],
    ['latency over the fair line', latency, 61, 'poor'],
    ['signal −85 dBm', signal, -85, 'good'],
    ['signal −100 dBm', signal, -100, 'fair'],
    ['signal −101 dBm', signal, -101, 'poor'],
    ['no value', download, null, null],
    ['not a number', download, Number.NaN, null],
  ])('%s', (_, thresholds, value, level) => {
    expect(mapLevel(value, thresholds)).toBe(level)
  })
})

describe('defaults', () => {
  it.each([
    ['httpgetmt', 'higher'],
    ['httppostst', 'higher'],
    ['udpPacketLoss', 'lower'],
    ['web_page_load', 'lower'],
    ['voip_mos', 'higher'],
    ['disconnection_duration', 'lower'],
  ])('%s: %s is better', (metric, better) => {
    expect(defaultMapThresholds(metric)?.better).toBe(better)
  })

  it('does not judge a count of agents', () => {
    expect(defaultMapThresholds('active_agent_count')).toBeNull()
  })
})

describe('readThresholds', () => {
  it.each<[string, { good: string; fair: string }, 'higher' | 'lower', unknown]>([
    ['two numbers', { good: '50', fair: '10' }, 'higher', { good: 50, fair: 10 }],
    ['a comma decimal', { good: '4,2', fair: '3.5' }, 'higher', { good: 4.2, fair: 3.5 }],
    ['negative values (dBm)', { good: '-80', fair: '−95' }, 'higher', { good: -80, fair: -95 }],
    ['equal limits', { good: '5', fair: '5' }, 'lower', { good: 5, fair: 5 }],
  ])('accepts %s', (_, input, better, expected) => {
    expect(readThresholds(input, better)).toEqual({
      ok: true,
      thresholds: { better, ...(expected as object) },
    })
  })

  it.each<[string, { good: string; fair: string }, 'higher' | 'lower', unknown]>([
    ['an empty good', { good: '', fair: '10' }, 'higher', { good: 'NUMBER' }],
    ['words', { good: 'fast', fair: 'slow' }, 'higher', { good: 'NUMBER', fair: 'NUMBER' }],
    [
      'good under fair when higher is better',
      { good: '10', fair: '50' },
      'higher',
      { fair: 'ORDER' },
    ],
    ['good over fair when lower is better', { good: '80', fair: '20' }, 'lower', { fair: 'ORDER' }],
  ])('refuses %s', (_, input, better, errors) => {
    expect(readThresholds(input, better)).toEqual({ ok: false, errors })
  })
})

describe('isCustomised', () => {
  it('is false for the defaults and true once a limit moves', () => {
    const defaults = defaultMapThresholds('udpLatency') as MapThresholds
    expect(isCustomised('udpLatency', defaults)).toBe(false)
    expect(isCustomised('udpLatency', { ...defaults, fair: 80 })).toBe(true)
  })
})
