import { describe, expect, it } from 'vitest'
import { csvCell, csvFile, csvFormat, toCsv, UTF8_BOM, type CsvCell, type CsvFormat } from './csv'

describe('csvCell', () => {
  it.each<{ input: CsvCell; expected: string }>([
    { input: 'plain', expected: 'plain' },
    { input: 'a,b', expected: '"a,b"' },
    { input: 'say "hi"', expected: '"say ""hi"""' },
    { input: 'two\nlines', expected: '"two\nlines"' },
    { input: 'cr\rhere', expected: '"cr\rhere"' },
    { input: ' padded ', expected: '" padded "' },
    { input: '', expected: '' },
    { input: null, expected: '' },
    { input: undefined, expected: '' },
    { input: 42.5, expected: '42.5' },
    { input: -85, expected: '-85' },
    { input: 0, expected: '0' },
    { input: Number.NaN, expected: '' },
    { input: Number.POSITIVE_INFINITY, expected: '' },
    // Formula injection: text that a spreadsheet would run is shown as text instead.
    { input: '=1+2', expected: "'=1+2" },
    { input: '+44 20 7946 0000', expected: "'+44 20 7946 0000" },
    { input: '-2+3', expected: "'-2+3" },
    { input: '@SUM(A1:A2)', expected: "'@SUM(A1:A2)" },
    { input: '=HYPERLINK("http://x","y")', expected: '"\'=HYPERLINK(""http://x"",""y"")"' },
    { input: '\t=1', expected: "'\t=1" },
    { input: '\r=1', expected: '"\'\r=1"' },
    { input: '-', expected: "'-" },
    { input: '@', expected: "'@" },
    { input: 'مرحبا', expected: 'مرحبا' },
    { input: 'a=b', expected: 'a=b' },
  ])('$input → $expected', ({ input, expected }) => {
    expect(csvCell(input)).toBe(expected)
  })
})

describe('toCsv', () => {
  it('joins cells with commas and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['metric', 'dtime', 'value', 'status'],
        ['httpgetmt', '2026-11-21T10:00:00.000Z', 512.3, 'OK'],
        ['httpgetmt', '2026-11-21T11:00:00.000Z', null, 'NO_DATA'],
      ]),
    ).toBe(
      'metric,dtime,value,status\r\n' +
        'httpgetmt,2026-11-21T10:00:00.000Z,512.3,OK\r\n' +
        'httpgetmt,2026-11-21T11:00:00.000Z,,NO_DATA\r\n',
    )
  })

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('')
  })
})

const SEMICOLON: CsvFormat = { delimiter: ';', decimal: ',' }

describe('csvCell in the semicolon convention (a comma is the decimal mark)', () => {
  it.each<{ input: CsvCell; expected: string }>([
    { input: 'a,b', expected: 'a,b' },
    { input: 'a;b', expected: '"a;b"' },
    { input: 42.5, expected: '42,5' },
    { input: -0.25, expected: '-0,25' },
    { input: 1e21, expected: '1e+21' },
    { input: '=1;2', expected: '"\'=1;2"' },
    { input: '+1', expected: "'+1" },
  ])('$input → $expected', ({ input, expected }) => {
    expect(csvCell(input, SEMICOLON)).toBe(expected)
  })
})

describe('csvFormat: the delimiter follows the locale', () => {
  it.each([
    { locale: 'en-GB', expected: { delimiter: ',', decimal: '.' } },
    { locale: 'ar-SA', expected: { delimiter: ',', decimal: '.' } },
    { locale: 'fr-CA', expected: { delimiter: ';', decimal: ',' } },
    { locale: 'de-DE', expected: { delimiter: ';', decimal: ',' } },
    { locale: 'en-US', expected: { delimiter: ',', decimal: '.' } },
    { locale: 'not a locale!', expected: { delimiter: ',', decimal: '.' } },
  ])('$locale → $expected.delimiter', ({ locale, expected }) => {
    expect(csvFormat(locale)).toEqual(expected)
  })
})

describe('csvFile', () => {
  it.each([
    {
      locale: 'en-GB',
      expected: `${UTF8_BOM}Unit,Speed\r\nوحدة,12.5\r\n'=cmd,\r\n`,
    },
    {
      locale: 'ar-SA',
      expected: `${UTF8_BOM}Unit,Speed\r\nوحدة,12.5\r\n'=cmd,\r\n`,
    },
    {
      locale: 'fr-CA',
      expected: `${UTF8_BOM}Unit;Speed\r\nوحدة;12,5\r\n'=cmd;\r\n`,
    },
  ])("starts with a BOM and uses $locale's convention", ({ locale, expected }) => {
    expect(
      csvFile(
        [
          ['Unit', 'Speed'],
          ['وحدة', 12.5],
          ['=cmd', null],
        ],
        locale,
      ),
    ).toBe(expected)
  })
})
