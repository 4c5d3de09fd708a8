import { describe, expect, it } from 'vitest'
import { analyticsCsv, analyticsCsvFileName } from './analytics-csv'

describe('analyticsCsv', () => {
  it('writes one row per drawn point, by time, with empty values for points without one', () => {
    const t1 = Date.UTC(2026, 10, 20, 10)
    const t2 = Date.UTC(2026, 10, 20, 11)
    expect(
      analyticsCsv([
        {
          metric: 'httpgetmt',
          points: [
            { x: t2, y: null, status: 'NO_DATA' },
            { x: t1, y: 512.25, status: 'OK' },
          ],
        },
        {
          metric: 'mobile_signal_strength',
          points: [
            { x: t1, y: -85 },
            { x: t2, y: null, status: 'NO_VALUE' },
          ],
        },
      ]),
    ).toBe(
      'metric,dtime,value,unit,status\r\n' +
        'httpgetmt,2026-11-20T10:00:00.000Z,512.25,Mbps,OK\r\n' +
        'httpgetmt,2026-11-20T11:00:00.000Z,,Mbps,NO_DATA\r\n' +
        'mobile_signal_strength,2026-11-20T10:00:00.000Z,-85,dBm,OK\r\n' +
        'mobile_signal_strength,2026-11-20T11:00:00.000Z,,dBm,NO_VALUE\r\n',
    )
  })

  it('is only the header when nothing is shown', () => {
    expect(analyticsCsv([])).toBe('metric,dtime,value,unit,status\r\n')
  })
})

describe('analyticsCsvFileName', () => {
  const now = new Date(2026, 10, 21, 9).getTime()
  it.each([
    {
      choice: { kind: 'last', days: 30 } as const,
      expected: 'whitebox-11-last-30-days-to-2026-11-21.csv',
    },
    {
      choice: { kind: 'fixed', from: '2026-10-01', to: '2026-10-31' } as const,
      expected: 'whitebox-11-2026-10-01-to-2026-10-31.csv',
    },
  ])('$expected', ({ choice, expected }) => {
    expect(analyticsCsvFileName(11, choice, now)).toBe(expected)
  })
})
