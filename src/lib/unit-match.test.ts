import { describe, expect, it } from 'vitest'
import { matchUnits, suggestUnits, type MatchableUnit } from './unit-match'

const UNITS: MatchableUnit[] = [
  { id: 35, serial: 'WB00000035', mac: 'D8:4F:B8:10:00:23', email: 'ana@example.com' },
  { id: 36, serial: 'WB00000036', mac: 'D8:4F:B8:10:00:24', email: null },
  { id: 135, serial: 'WB00000135', mac: 'D8:4F:B8:10:00:87', email: 'Ben.Lee@Example.com' },
  { id: 7, serial: 'WB00000007', mac: 'AA:BB:CC:DD:EE:FF', email: 'ana@example.org' },
]

const ids = (units: MatchableUnit[]) => units.map((u) => u.id)

describe('matchUnits: the search/units rules over units saved on the device', () => {
  it.each([
    { term: '35', expected: [35], why: 'id exact, not a prefix of 135' },
    { term: '0035', expected: [35], why: 'leading zeros of an id' },
    { term: '٣٥', expected: [35], why: 'Arabic-Indic digits' },
    { term: '99', expected: [], why: 'unknown id' },
    { term: 'ana@example.com', expected: [35], why: 'email exact' },
    { term: 'ANA@EXAMPLE.COM', expected: [35], why: 'email in another case' },
    { term: 'ben.lee@example.com', expected: [135], why: 'stored email in mixed case' },
    { term: 'ana@example', expected: [], why: 'email is never a prefix' },
    { term: 'd8:4f:b8:10:00:24', expected: [36], why: 'MAC lower-case with colons' },
    { term: 'D8-4F-B8-10-00-24', expected: [36], why: 'MAC with hyphens' },
    { term: 'd84f.b810.0024', expected: [36], why: 'Cisco dotted MAC' },
    { term: 'd84fb8100024', expected: [36], why: 'bare hex MAC' },
    { term: 'D8:4F:B8:10:00', expected: [], why: 'five pairs is no MAC and no serial' },
    { term: 'WB00000135', expected: [135], why: 'serial exact (the scanned label)' },
    { term: 'wb00000135', expected: [135], why: 'serial in lower case' },
    { term: 'WB0000003', expected: [35, 36], why: 'serial prefix of 9 characters' },
    { term: 'WB00', expected: [35, 36, 135, 7], why: 'serial prefix of 4 characters' },
    { term: 'WB0', expected: [], why: 'prefix under 4 characters' },
    { term: '', expected: [], why: 'empty term' },
    { term: '   ', expected: [], why: 'blank term' },
  ])('"$term" finds $expected ($why)', ({ term, expected }) => {
    expect(ids(matchUnits(UNITS, term))).toEqual(expected)
  })

  it.each([
    { trim: true, expected: [35] },
    { trim: false, expected: [] },
  ])('trim $trim: " 35 " finds $expected', ({ trim, expected }) => {
    expect(ids(matchUnits(UNITS, ' 35 ', { trim }))).toEqual(expected)
  })
})

describe('suggestUnits: what the typed text contains', () => {
  it.each([
    { text: '35', expected: [35, 135], why: 'ids and serials containing 35' },
    { text: 'b810', expected: [35, 36, 135], why: 'MAC without its separators' },
    { text: 'b8:10:00:2', expected: [35, 36], why: 'MAC with separators' },
    { text: 'ana@', expected: [35, 7], why: 'part of an email' },
    { text: 'LEE', expected: [135], why: 'any case' },
    { text: '  ', expected: [], why: 'blank' },
    { text: 'zz', expected: [], why: 'nothing contains it' },
  ])('"$text" suggests $expected ($why)', ({ text, expected }) => {
    expect(ids(suggestUnits(UNITS, text))).toEqual(expected)
  })

  it('keeps the given order and stops at the limit', () => {
    expect(ids(suggestUnits(UNITS, 'wb', 2))).toEqual([35, 36])
  })
})
