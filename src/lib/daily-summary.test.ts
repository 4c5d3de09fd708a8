import { describe, expect, it } from 'vitest'
import { dailySummary, localDay, type HourlyValue } from './daily-summary'

const h = (iso: string, y: number | null, extra: Partial<HourlyValue> = {}): HourlyValue => ({
  x: Date.parse(iso),
  y,
  ...extra,
})

describe('localDay', () => {
  it.each([
    { iso: '2026-03-02T22:30:00Z', zone: 'UTC', day: '2026-03-02', hours: 22.5 },
    { iso: '2026-03-02T22:30:00Z', zone: 'Asia/Riyadh', day: '2026-03-03', hours: 1.5 },
    { iso: '2026-03-02T02:00:00Z', zone: 'America/Toronto', day: '2026-03-01', hours: 21 },
    { iso: '2026-03-02T00:00:00Z', zone: undefined, day: '2026-03-02', hours: 0 },
  ])('$iso in $zone is $day, $hours h after midnight', ({ iso, zone, day, hours }) => {
    expect(localDay(Date.parse(iso), zone)).toEqual({ day, sinceMidnight: hours * 3600_000 })
  })
})

describe('dailySummary: one point per local day, the median of its hours, a min–max band', () => {
  it('groups by the unit’s local day', () => {
    const points = [
      h('2026-03-02T08:00:00Z', 100, { min: 90, max: 110 }),
      h('2026-03-02T12:00:00Z', 80),
      h('2026-03-02T20:00:00Z', 60, { min: 20, max: 70 }),
      // 22:00 UTC is already the 3rd in Riyadh.
      h('2026-03-02T22:00:00Z', 200),
    ]
    expect(dailySummary(points, 'UTC')).toEqual([
      {
        x: Date.parse('2026-03-02T12:00:00Z'),
        day: '2026-03-02',
        y: 90,
        low: 20,
        high: 200,
        count: 4,
      },
    ])
    expect(dailySummary(points, 'Asia/Riyadh')).toEqual([
      {
        x: Date.parse('2026-03-02T09:00:00Z'),
        day: '2026-03-02',
        y: 80,
        low: 20,
        high: 110,
        count: 3,
      },
      {
        x: Date.parse('2026-03-03T09:00:00Z'),
        day: '2026-03-03',
        y: 200,
        low: 200,
        high: 200,
        count: 1,
      },
    ])
  })

  it('keeps a day without any value as a gap with its status, never a zero', () => {
    const points = [
      h('2026-03-02T08:00:00Z', 50),
      h('2026-03-03T08:00:00Z', null, { status: 'ERROR' }),
      h('2026-03-03T09:00:00Z', null),
    ]
    expect(dailySummary(points, 'UTC')[1]).toEqual({
      x: Date.parse('2026-03-03T12:00:00Z'),
      day: '2026-03-03',
      y: null,
      low: null,
      high: null,
      count: 0,
      status: 'ERROR',
    })
  })

  it('orders days oldest first and is empty without points', () => {
    const out = dailySummary([h('2026-03-05T08:00:00Z', 1), h('2026-03-04T08:00:00Z', 2)], 'UTC')
    expect(out.map((d) => d.day)).toEqual(['2026-03-04', '2026-03-05'])
    expect(dailySummary([], 'UTC')).toEqual([])
  })
})
