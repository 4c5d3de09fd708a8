/** Whether Intl knows a time zone name (a unit's stored zone may be anything). */
export function isValidTimeZone(timeZone: string | undefined): timeZone is string {
  if (timeZone === undefined || timeZone === '') return false
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}
