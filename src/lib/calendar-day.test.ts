import { describe, expect, it } from 'vitest'
import { formatCalendarDay, formatShortCalendarDay } from './calendar-day'

describe('formatCalendarDay: a day, the same in every time zone', () => {
  it.each([
    { day: '2026-11-28', long: '28 Nov 2026', short: 'Sat 28 Nov' },
    // The anomaly service's days are UTC midnights: never the day before west of Greenwich.
    { day: '2026-11-28T00:00:00.000Z', long: '28 Nov 2026', short: 'Sat 28 Nov' },
    { day: '2026-01-01T00:00:00.000Z', long: '1 Jan 2026', short: 'Thu 1 Jan' },
  ])('$day is $long', ({ day, long, short }) => {
    expect(formatCalendarDay('en-GB', day)).toBe(long)
    expect(formatShortCalendarDay('en-GB', day)).toBe(short)
  })

  it('writes Arabic days in Arabic digits', () => {
    expect(formatCalendarDay('ar-SA', '2026-11-28')).toMatch(/[٠-٩]/)
    expect(formatCalendarDay('ar-SA', '2026-11-28')).not.toMatch(/[0-9]/)
  })
})
