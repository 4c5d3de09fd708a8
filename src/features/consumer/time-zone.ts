/** Answers already known: building a DateTimeFormat costs ~1 ms (more the first time), and the
 * dashboard asks for its unit's zone on every render of each chart. */
const known = new Map<string, boolean>()

/** Whether Intl knows a time zone name (a unit's stored zone may be anything). */
export function isValidTimeZone(timeZone: string | undefined): timeZone is string {
  if (timeZone === undefined || timeZone === '') return false
  let valid = known.get(timeZone)
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone })
      valid = true
    } catch {
      valid = false
    }
    known.set(timeZone, valid)
  }
  return valid
}
