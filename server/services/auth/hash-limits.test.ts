import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as passwords from '../../lib/passwords.ts'
import { createTestApp, errorBody, type TestApp } from '../../test/helpers.ts'

// Count the password hashes the routes run (the module's own functions, wrapped).
vi.mock(import('../../lib/passwords.ts'), async (importOriginal) => {
  const original = await importOriginal()
  return {
    ...original,
    verifyPassword: vi.fn(original.verifyPassword),
    hashPassword: vi.fn(original.hashPassword),
  }
})
const verifyCalls = () => vi.mocked(passwords.verifyPassword).mock.calls.length

const PER_MINUTE = 30
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: String(PER_MINUTE) })
})
afterAll(async () => {
  await t.close()
})
beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear()
})

function attempt(remoteAddress: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password: 'wrong-password' },
  })
}

describe('the per-IP limit runs before any password hash', () => {
  it('refuses the 31st attempt a minute from one address without hashing', async () => {
    const address = '10.5.0.1'
    for (let i = 0; i < PER_MINUTE; i += 1) {
      // Unknown emails: each is checked against the dummy hash, so each costs a hash.
      const response = await attempt(address, `nobody-${i}@example.com`)
      expect(response.statusCode).toBe(401)
    }
    expect(verifyCalls()).toBe(PER_MINUTE)

    const refused = await attempt(address, 'nobody-else@example.com')
    expect(refused.statusCode).toBe(429)
    expect(errorBody(refused)).toEqual({ code: 'RATE_LIMITED' })
    expect(verifyCalls()).toBe(PER_MINUTE)

    // Another address still gets its hash.
    expect((await attempt('10.5.0.2', 'nobody@example.com')).statusCode).toBe(401)
    expect(verifyCalls()).toBe(PER_MINUTE + 1)
  })

  it('refuses a source locked out of an account without hashing', async () => {
    const address = '10.5.1.1'
    for (let i = 0; i < 5; i += 1) await attempt(address, 'consumer@example.com')
    expect(verifyCalls()).toBe(5)
    const locked = await attempt(address, 'consumer@example.com')
    expect(locked.statusCode).toBe(423)
    expect(verifyCalls()).toBe(5)
  })
})

describe('the hash gate', () => {
  it('refuses at once (503 RATE_LIMITED) what would queue past LOGIN_HASH_QUEUE', async () => {
    const gated = await createTestApp({ LOGIN_HASH_CONCURRENCY: '1', LOGIN_HASH_QUEUE: '1' })
    // Slow hashes, so that all the attempts arrive while the first one still runs.
    const verify = vi.mocked(passwords.verifyPassword)
    const real = verify.getMockImplementation()
    verify.mockImplementation(async () => {
      await sleep(300)
      return false
    })
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          gated.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: `10.6.0.${i + 1}`,
            payload: { email: `nobody-${i}@example.com`, password: 'x' },
          }),
        ),
      )
      // One hashing, one waiting: the other four are refused at once.
      const statuses = responses.map((response) => response.statusCode)
      expect(statuses.filter((status) => status === 401)).toHaveLength(2)
      const busy = responses.filter((response) => response.statusCode === 503)
      expect(busy).toHaveLength(4)
      for (const response of busy) {
        expect(errorBody(response)).toEqual({ code: 'RATE_LIMITED' })
        expect(response.headers['retry-after']).toBe('1')
      }
    } finally {
      verify.mockImplementation(real ?? (() => Promise.resolve(false)))
      await gated.close()
    }
  })
})
