import { SERIAL_PREFIX_MIN_LENGTH } from '#contracts/unit-search.ts'
import { normaliseMac, parseIdentifier, type IdentifierOptions } from '#contracts/identifier.ts'

/** What the offline search knows of a unit saved on the device. */
export type MatchableUnit = {
  id: number
  serial: string
  /** Canonical 'AA:BB:CC:DD:EE:FF'. */
  mac: string
  /** The owner's email, null without an owner. */
  email: string | null
}

/**
 * The units a search term finds, by the rules search/units uses on the server, so a search offline
 * finds what it would online among the units saved on the device: an id exactly, an owner's email
 * exactly (any case), a MAC in any accepted notation, anything else as a serial (any case), exactly
 * or by a prefix of at least four characters. An empty term finds nothing. Order is kept.
 */
export function matchUnits<T extends MatchableUnit>(
  units: readonly T[],
  term: string,
  options: IdentifierOptions = {},
): T[] {
  const identifier = parseIdentifier(term, options)
  const value = identifier.value
  if (value.trim() === '') return []
  switch (identifier.kind) {
    case 'id':
      return units.filter((unit) => String(unit.id) === value)
    case 'email':
      return units.filter((unit) => unit.email?.toLowerCase() === value)
    case 'mac':
      return units.filter((unit) => (normaliseMac(unit.mac) ?? unit.mac.toUpperCase()) === value)
    case 'unclassified': {
      const wanted = value.toUpperCase()
      return units.filter((unit) => {
        const serial = unit.serial.toUpperCase()
        return (
          serial === wanted ||
          (wanted.length >= SERIAL_PREFIX_MIN_LENGTH && serial.startsWith(wanted))
        )
      })
    }
  }
}

/** Letters and digits only, upper-case: "d8-4f" and "D8:4F" compare equal. */
function compact(text: string): string {
  return text.replace(/[^0-9a-z]/gi, '').toUpperCase()
}

/**
 * Suggestions while typing: units whose id, serial, MAC (separators ignored) or email contains the
 * typed text, in the given order (most recently opened first), at most `limit`. Blank text suggests nothing.
 */
export function suggestUnits<T extends MatchableUnit>(
  units: readonly T[],
  text: string,
  limit = 8,
): T[] {
  const typed = text.trim().toLowerCase()
  if (typed === '') return []
  const typedCompact = compact(typed)
  const found: T[] = []
  for (const unit of units) {
    if (found.length === limit) break
    const hit =
      String(unit.id).includes(typed) ||
      unit.serial.toLowerCase().includes(typed) ||
      unit.mac.toLowerCase().includes(typed) ||
      (typedCompact.length >= 2 && compact(unit.mac).includes(typedCompact)) ||
      (unit.email?.toLowerCase().includes(typed) ?? false)
    if (hit) found.push(unit)
  }
  return found
}
