/**
 * Seeds 001 §5: how a unit search term reads. Shared by the client (search box, offline matcher,
 * scanner) and the server (search/units, agents filters): keep it free of imports so Node runs it
 * as is from server code.
 */

/** What a term looks like: a MAC address, an email, a unit id, or anything else (a serial). */
export type IdentifierKind = 'mac' | 'email' | 'id' | 'unclassified'

export type IdentifierOptions = {
  /** Drop surrounding whitespace first (the search input's optional trim). */
  trim?: boolean
}

/** A term with its kind and its canonical value (what a lookup compares). */
export type Identifier =
  | { kind: 'mac'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'id'; value: string }
  | { kind: 'unclassified'; value: string }

/**
 * Six hex pairs; between two pairs at most one separator out of `. : -`. This accepts the colon
 * and hyphen forms, Cisco's dotted aabb.ccdd.eeff and bare hex, and a mix of separators (a typo
 * that cannot mean anything else); a separator inside a pair or at either end is refused.
 */
const MAC = /^[0-9a-f]{2}(?:[.:-]?[0-9a-f]{2}){5}$/i
/** {something}@{something}, one @, no whitespace of any script (\s is Unicode-aware). */
const EMAIL = /^[^\s@]+@[^\s@]+$/
/**
 * All digits. Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits count
 * too: they are what an ar-SA keyboard types. Other scripts' digits (fullwidth, Devanagari …)
 * are not ids.
 */
const DIGITS = /^[0-9\u0660-\u0669\u06f0-\u06f9]+$/

/** The ASCII form of a digit string that may hold Arabic-Indic digits. */
function asciiDigits(term: string): string {
  return term.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660))
  })
}

/**
 * The canonical form of a MAC address, 'AA:BB:CC:DD:EE:FF' (how units.mac is stored), or null when
 * `term` is not one.
 */
export function normaliseMac(term: string): string | null {
  if (!MAC.test(term)) return null
  const hex = term.replace(/[.:-]/g, '').toUpperCase()
  return hex.replace(/(..)(?!$)/g, '$1:')
}

/**
 * Reads a term: MAC first (a 12-digit number is a MAC: no unit id is that long), then email, then
 * id; anything else is unclassified (the search tries it as a serial). Values are canonical: the
 * MAC upper-case with colons, the email lower-case, the id in ASCII digits without leading zeros.
 */
export function parseIdentifier(term: string, options: IdentifierOptions = {}): Identifier {
  const input = options.trim ? term.trim() : term
  const mac = normaliseMac(input)
  if (mac !== null) return { kind: 'mac', value: mac }
  if (EMAIL.test(input)) return { kind: 'email', value: input.toLowerCase() }
  if (DIGITS.test(input)) {
    return { kind: 'id', value: asciiDigits(input).replace(/^0+(?=.)/, '') }
  }
  return { kind: 'unclassified', value: input }
}

/** Seeds 001 §5 helper classification of an identifier: 'mac', 'email', 'id' or 'unclassified'. */
export function classifyIdentifier(term: string, options: IdentifierOptions = {}): IdentifierKind {
  return parseIdentifier(term, options).kind
}
