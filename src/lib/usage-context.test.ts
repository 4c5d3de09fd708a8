import { describe, expect, it } from 'vitest'
import { compareUsage, usageContext } from './usage-context'

const MB = 1_000_000
const days = (n: number, bytes: number) => Array.from({ length: n }, () => bytes)

describe('usageContext: per day, against the unit’s typical day', () => {
  it.each([
    { total: 700 * MB, ref: days(30, 100 * MB), perDay: 100 * MB, comparison: 'usual' },
    { total: 1400 * MB, ref: days(30, 100 * MB), perDay: 200 * MB, comparison: 'more' },
    { total: 350 * MB, ref: days(30, 100 * MB), perDay: 50 * MB, comparison: 'less' },
    { total: 700 * MB, ref: days(6, 100 * MB), perDay: 100 * MB, comparison: null },
    { total: 700 * MB, ref: null, perDay: 100 * MB, comparison: null },
    { total: 700 * MB, ref: days(10, 0), perDay: 100 * MB, comparison: null },
  ])('$total bytes a week: $perDay a day, $comparison', ({ total, ref, perDay, comparison }) => {
    const context = usageContext(total, 7, ref)
    expect(context.perDayBytes).toBe(perDay)
    expect(context.comparison).toBe(comparison)
  })

  it('takes the median day of the reference (one heavy day does not move it)', () => {
    const ref = [...days(9, 100 * MB), 5000 * MB]
    expect(usageContext(700 * MB, 7, ref)).toMatchObject({
      typicalDayBytes: 100 * MB,
      ratio: 1,
      comparison: 'usual',
    })
  })

  it.each([
    { ratio: 1.25, comparison: 'usual' },
    { ratio: 1.26, comparison: 'more' },
    { ratio: 0.75, comparison: 'usual' },
    { ratio: 0.74, comparison: 'less' },
  ])('a ratio of $ratio is $comparison', ({ ratio, comparison }) => {
    expect(compareUsage(ratio)).toBe(comparison)
  })
})
