/** One CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, and tab or carriage
 * return, which some programs skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One cell of RFC 4180 CSV. Text that starts like a formula gets a leading apostrophe so it is
 * shown, not run. Numbers are written as numbers (a negative value is data, not a formula); a
 * number that is not finite is an empty cell.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  let text: string
  if (typeof value === 'number') {
    text = Number.isFinite(value) ? String(value) : ''
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value
  }
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows as CSV text: cells joined by commas, every row ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}
