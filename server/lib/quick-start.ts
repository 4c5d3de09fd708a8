import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  FLEET_CUSTOMERS,
  fleetCustomerEmail,
} from '../db/demo-accounts.ts'
import { isLoopbackHost, type Env } from '../env.ts'

/** Where a person opens the app: loopback and wildcard binds read as localhost. */
export function appUrl(env: Pick<Env, 'HOST' | 'PORT'>): string {
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(env.HOST)
  const host = local ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST
  return `http://${host}:${String(env.PORT)}`
}

/** What `npm start` prints once the app answers: where it is, who to sign in as, the mailbox. */
export function quickStartBanner(
  env: Pick<Env, 'HOST' | 'PORT' | 'DEV_MAILBOX'>,
  seconds: number,
): string {
  const url = appUrl(env)
  const lines = [
    `Whitebox is ready at ${url} (${seconds.toFixed(1)} s)`,
    `Demo accounts: ${DEMO_ACCOUNTS.map((name) => `${name}@example.com`).join(', ')}`,
    `Panel 3's customers: ${FLEET_CUSTOMERS.map(([first, last]) => fleetCustomerEmail(first, last)).join(', ')}`,
    `Password for every account above: ${DEMO_PASSWORD}`,
  ]
  if (env.DEV_MAILBOX) lines.push(`Mails (password reset links): ${url}/dev/mailbox`)
  lines.push('Stop with Ctrl+C.')
  return `\n${lines.join('\n')}\n`
}

/** The quick start's environment: the dev mailbox on where the server accepts it, unless set. */
export function quickStartEnv(
  source: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (source.DEV_MAILBOX !== undefined && source.DEV_MAILBOX !== '') return source
  const local =
    isLoopbackHost(source.HOST || '127.0.0.1') && !source.SMTP_URL && !source.DATABASE_URL
  return local ? { ...source, DEV_MAILBOX: '1' } : source
}
