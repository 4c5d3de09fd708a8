import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDay, formatHourRange, formatLongDateTime } from './date-format'

const TIME = new Date(2026, 2, 3, 20, 15).getTime()

describe('date-format: the locale’s words and digits', () => {
  it.each([
    { locale: 'en-GB', day: 'Tue 3 Mar', digits: /20:15/ },
    { locale: 'ar-SA', day: /[٠-٩]/, digits: /[٠-٩]/ },
  ])('$locale', ({ locale, day, digits }) => {
    expect(formatDay(locale, TIME)).toMatch(day)
    expect(formatDateTime(locale, TIME)).toMatch(digits)
    expect(formatLongDateTime(locale, TIME)).toMatch(digits)
  })

  it('never mixes Western digits into an Arabic date', () => {
    expect(formatLongDateTime('ar-SA', TIME)).not.toMatch(/[0-9]/)
  })
})

describe('formatHourRange', () => {
  it.each([
    { locale: 'en-GB', text: /19:00\s*–\s*23:00/ },
    { locale: 'ar-SA', text: /٧:٠٠/ },
  ])('$locale writes the evening as $text', ({ locale, text }) => {
    expect(formatHourRange(locale, 19, 23)).toMatch(text)
  })
})
