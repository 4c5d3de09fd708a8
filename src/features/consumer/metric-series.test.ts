import { describe, expect, it } from 'vitest'
import { metricHourly, metricSeries, NO_VALUE } from './metric-series'

const T = '2026-05-10T10:00:00.000Z'
const x = Date.parse(T)

describe('metricSeries', () => {
  it.each([
    {
      name: 'an OK result keeps its value and test id',
      key: 'httpgetmt',
      result: { dtime: T, metricValue: 312.5, status: 'OK', testId: 't1' },
      expected: { x, y: 312.5, status: 'OK', id: 't1' },
    },
    {
      name: 'an OK zero download stays a zero',
      key: 'httpgetmt',
      result: { dtime: T, metricValue: 0, status: 'OK' },
      expected: { x, y: 0, status: 'OK', id: undefined },
    },
    ...(['NO_DATA', 'DEVICE_CANT_RUN_TEST', 'ERROR'] as const).map((status) => ({
      name: `${status} is a gap, not 0`,
      key: 'udpLatency',
      result: { dtime: T, metricValue: null, status },
      expected: { x, y: null, status, id: undefined },
    })),
    {
      name: 'mobile signal 0 is no value',
      key: 'mobile_signal_strength',
      result: { dtime: T, metricValue: 0, status: 'OK' },
      expected: { x, y: null, status: NO_VALUE, id: undefined },
    },
    {
      name: 'mobile signal -78 is a value',
      key: 'mobile_signal_strength',
      result: { dtime: T, metricValue: -78, status: 'OK' },
      expected: { x, y: -78, status: 'OK', id: undefined },
    },
    {
      name: 'an OK result without a value is no data',
      key: 'httpgetmt',
      result: { dtime: T, metricValue: null, status: 'OK' },
      expected: { x, y: null, status: 'NO_DATA', id: undefined },
    },
  ] as const)('$name', ({ key, result, expected }) => {
    expect(metricSeries(key, [result])).toEqual([expected])
  })

  it('drops a result with an unreadable time', () => {
    expect(metricSeries('httpgetmt', [{ dtime: 'x', metricValue: 1, status: 'OK' }])).toEqual([])
  })
})

describe('metricHourly', () => {
  it('keeps each bucket’s extremes, and gaps as gaps', () => {
    expect(
      metricHourly('httpgetmt', [
        {
          dtime: '2026-03-02T10:00:00Z',
          metricValue: 50,
          status: 'OK',
          count: 3,
          min: 20,
          max: 80,
        },
        { dtime: '2026-03-02T11:00:00Z', metricValue: 40, status: 'OK', count: 1 },
        { dtime: '2026-03-02T12:00:00Z', metricValue: null, status: 'ERROR', count: 0 },
        { dtime: 'not a date', metricValue: 1, status: 'OK' },
      ]),
    ).toEqual([
      { x: Date.parse('2026-03-02T10:00:00Z'), y: 50, status: 'OK', min: 20, max: 80 },
      { x: Date.parse('2026-03-02T11:00:00Z'), y: 40, status: 'OK', min: null, max: null },
      { x: Date.parse('2026-03-02T12:00:00Z'), y: null, status: 'ERROR' },
    ])
  })
})
