/**
 * Unicode isolates for values placed inside translated strings where no element can be used
 * (document titles, aria-labels, plain-text messages): the value keeps its own direction and
 * the sentence keeps its own, so "جهاز Whitebox «Living room»" never becomes
 * "«Whitebox «Living room جهاز".
 */
const FSI = '\u2068'
const LRI = '\u2066'
const PDI = '\u2069'

/** The input types whose values always read left to right (emails, URLs, phone numbers). */
const LTR_INPUT_TYPES: ReadonlySet<string> = new Set(['email', 'url', 'tel'])

/** A name of either direction (a unit label, a search term): its direction from its first letter. */
export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`
}

/** An identifier that always reads left to right (email, MAC, serial, id, URL). */
export function isolateLtr(text: string): string {
  return `${LRI}${text}${PDI}`
}

/** `dir` for an input of this type: "ltr" for emails, URLs and phone numbers, else none. */
export function inputDir(type: string | undefined): 'ltr' | undefined {
  return type !== undefined && LTR_INPUT_TYPES.has(type) ? 'ltr' : undefined
}
