/** The environment every test app starts from (each test may override single values). */
export const TEST_SCRYPT_COST = 1024

export const TEST_SETTINGS: Record<string, string> = {
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  SCRYPT_COST: String(TEST_SCRYPT_COST),
  LOG_LEVEL: 'silent',
  DEV_MAILBOX: '1',
  PUBLIC_URL: 'http://whitebox.test',
  LOGIN_MAX_ATTEMPTS: '5',
  LOCKOUT_DURATION_SECONDS: '900',
  LOCKOUTS_BEFORE_PERMANENT: '3',
  PASSWORD_EXPIRY_DAYS: '90',
  // High by default so that lockout tests are not cut short; the rate-limit tests lower them.
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '10000',
}

/** The same server as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
