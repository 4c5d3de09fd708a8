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
