/** PostgreSQL's unique_violation: another writer took the value between the check and the write. */
const UNIQUE_VIOLATION = '23505'

/** Whether a (Drizzle-wrapped) driver error is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  // Drizzle wraps the driver's error; the PostgreSQL code is on it or on its cause.
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true
  }
  return false
}
