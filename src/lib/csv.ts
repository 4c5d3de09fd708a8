/** One CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined

/**
 * How a spreadsheet of a locale reads CSV: the cell delimiter and the decimal mark of numbers.
 * Where the decimal separator is a comma (fr-CA, most of Europe) spreadsheets split cells on a
 * semicolon and read `42,5` as a number; elsewhere (en-GB, ar-SA) on a comma with `42.5`.
 */
export type CsvFormat = { delimiter: ',' | ';'; decimal: '.' | ',' }

/** The default of RFC 4180 (and of every caller that names no locale). */
export const RFC_4180: CsvFormat = { delimiter: ',', decimal: '.' }

/** A byte-order mark: with it, spreadsheet programs read the file as UTF-8 (Arabic, French). */
export const UTF8_BOM = '\uFEFF'

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, and tab or carriage
 * return, which some programs skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** The CSV convention of `locale`, from its decimal separator. */
export function csvFormat(locale: string): CsvFormat {
  let decimal = '.'
  try {
    decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
        ?.value ?? '.'
  } catch {
    // An unknown locale reads as the default.
  }
  return decimal === ',' ? { delimiter: ';', decimal: ',' } : RFC_4180
}

/**
 * One cell of RFC 4180 CSV. Text that starts like a formula gets a leading apostrophe so it is
 * shown, not run. Numbers are written as numbers (a negative value is data, not a formula) with
 * the format's decimal mark; a number that is not finite is an empty cell. A cell holding the
 * delimiter, a quote, a line break or edge spaces is quoted.
 */
export function csvCell(value: CsvCell, format: CsvFormat = RFC_4180): string {
  if (value === null || value === undefined) return ''
  let text: string
  if (typeof value === 'number') {
    text = Number.isFinite(value) ? String(value) : ''
    if (format.decimal === ',') text = text.replace('.', ',')
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value
  }
  const needsQuotes = text.includes(format.delimiter) || /["\r\n]|^\s|\s$/.test(text)
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows as CSV text: cells joined by the delimiter, every row ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvCell[])[], format: CsvFormat = RFC_4180): string {
  return rows
    .map((row) => `${row.map((cell) => csvCell(cell, format)).join(format.delimiter)}\r\n`)
    .join('')
}

/** A CSV file for `locale`'s spreadsheets: the BOM, then the rows in the locale's convention. */
export function csvFile(rows: readonly (readonly CsvCell[])[], locale: string): string {
  return UTF8_BOM + toCsv(rows, csvFormat(locale))
}
