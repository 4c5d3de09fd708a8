import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  FLEET_CUSTOMERS,
  fleetCustomerEmail,
} from '../db/demo-accounts.ts'
import { appUrl, quickStartBanner, quickStartEnv } from './quick-start.ts'

/** Every account that signs in with the demo password. */
const EMAILS = [
  ...DEMO_ACCOUNTS.map((name) => `${name}@example.com`),
  ...FLEET_CUSTOMERS.map(([first, last]) => fleetCustomerEmail(first, last)),
]

describe('the accounts that share the demo password', () => {
  it('are all in npm start’s banner, with the password', () => {
    const banner = quickStartBanner({ HOST: '127.0.0.1', PORT: 8080, DEV_MAILBOX: true }, 12.3)
    for (const email of EMAILS) expect(banner).toContain(email)
    expect(banner).toContain(DEMO_PASSWORD)
    expect(banner).toContain('http://localhost:8080/dev/mailbox')
  })

  it('are all in the README', async () => {
    const readme = await readFile(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8')
    for (const email of EMAILS) expect(readme).toContain(email)
  })
})

describe('quickStartEnv', () => {
  it.each([
    { input: {}, mailbox: '1' },
    { input: { HOST: 'localhost' }, mailbox: '1' },
    { input: { HOST: '0.0.0.0' }, mailbox: undefined },
    { input: { SMTP_URL: 'smtp://mail' }, mailbox: undefined },
    { input: { DATABASE_URL: 'postgres://db/whitebox' }, mailbox: undefined },
    { input: { DEV_MAILBOX: '0' }, mailbox: '0' },
  ])('serves the dev mailbox for $input: $mailbox', ({ input, mailbox }) => {
    expect(quickStartEnv(input).DEV_MAILBOX).toBe(mailbox)
  })
})

describe('appUrl', () => {
  it.each([
    { host: '127.0.0.1', url: 'http://localhost:8080' },
    { host: '0.0.0.0', url: 'http://localhost:8080' },
    { host: '192.168.1.5', url: 'http://192.168.1.5:8080' },
    { host: 'fd00::1', url: 'http://[fd00::1]:8080' },
  ])('$host → $url', ({ host, url }) => {
    expect(appUrl({ HOST: host, PORT: 8080 })).toBe(url)
  })
})
