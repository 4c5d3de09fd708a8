/** A country as the API lists it: its English name and its ISO 3166-1 alpha-2 code. */
export type NamedCountry = { name: string; code: string }

const namers = new Map<string, Intl.DisplayNames | null>()

function namerFor(locale: string): Intl.DisplayNames | null {
  let namer = namers.get(locale)
  if (namer === undefined) {
    try {
      namer = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })
    } catch {
      namer = null
    }
    namers.set(locale, namer)
  }
  return namer
}

/**
 * The country's name in `locale` (the browser's own region names, e.g. "المملكة العربية السعودية"
 * for SA in ar-SA); the API's English name when the browser has none for the code.
 */
export function countryName(country: NamedCountry, locale: string): string {
  const code = country.code.trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(code)) return country.name
  try {
    return namerFor(locale)?.of(code) ?? country.name
  } catch {
    return country.name
  }
}

/** The countries sorted by their name in `locale` (a list in another language's order is hard to scan). */
export function byCountryName<T extends NamedCountry>(
  countries: readonly T[],
  locale: string,
): T[] {
  const collator = new Intl.Collator(locale)
  return [...countries].sort((a, b) =>
    collator.compare(countryName(a, locale), countryName(b, locale)),
  )
}
