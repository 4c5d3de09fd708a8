import { describe, expect, it } from 'vitest'
import { fillValueTemplate, valueFormatter, VALUE_SLOT, type ValueFormat } from './value-format'

describe('valueFormatter', () => {
  it.each<[ValueFormat, string, number, string]>([
    [{ kind: 'number' }, 'en-GB', 312.4, '312'],
    [{ kind: 'number' }, 'en-GB', 12.345, '12.3'],
    [{ kind: 'number', template: `${VALUE_SLOT} Mbps` }, 'en-GB', 41.52, '41.5 Mbps'],
    [{ kind: 'number', template: `${VALUE_SLOT}%` }, 'fr-CA', 0.425, '0,43%'],
    [{ kind: 'number', template: `${VALUE_SLOT} ميغابت/ث` }, 'ar-SA', 312, '٣١٢ ميغابت/ث'],
    [{ kind: 'minutes' }, 'en-GB', 125, '2h 5m'],
    [{ kind: 'minutes' }, 'en-GB', 0.5, '30s'],
  ])('%j in %s writes %d as %s', (format, locale, value, expected) => {
    expect(valueFormatter(format, locale)(value)).toBe(expected)
  })
})

describe('fillValueTemplate', () => {
  it.each([
    [`${VALUE_SLOT} ms`, '12', '12 ms'],
    ['no slot', '12', 'no slot'],
    [VALUE_SLOT, '7', '7'],
  ])('%s with %s is %s', (template, value, expected) => {
    expect(fillValueTemplate(template, value)).toBe(expected)
  })
})
