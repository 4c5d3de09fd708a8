/**
 * Intl.NumberFormat instances kept per locale and options. Making one costs far more than using it
 * (on a slow phone ~20 ms for the first of a page, then a few ms each): a component that formats
 * as it renders asks for its format here instead of making a new one on every render.
 */
const formats = new Map<string, Intl.NumberFormat>()

/** The number format of `locale` with `options`, made once. */
export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/**
 * An id where it names a thing in words ("Unit 35", "Agent 35", "User 12"): a number like the counts
 * beside it, so in the locale's digits (Arabic-Indic in ar-SA), never grouped (unit 1042 is not
 * "1,042"). Ids read off a label or typed (an ID field, a serial, a MAC) stay as written.
 */
export function formatIdNumber(locale: string, id: number): string {
  return numberFormat(locale, { useGrouping: false }).format(id)
}
