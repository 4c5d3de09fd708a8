import { describe, expect, it } from 'vitest'
import { hashPassword, needsRehash, parseHash, scryptParams, verifyPassword } from './passwords.ts'

const params = scryptParams(1024)

describe('passwords', () => {
  it('stores scrypt$N$r$p$salt$hash and verifies only the right password', async () => {
    const stored = await hashPassword('Whitebox-demo-1', params)
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await verifyPassword('Whitebox-demo-1', stored)).toBe(true)
    expect(await verifyPassword('whitebox-demo-1', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('salts: the same password hashes differently twice', async () => {
    expect(await hashPassword('same', params)).not.toBe(await hashPassword('same', params))
  })

  it('verifies with the parameters stored in the hash, not the current ones', async () => {
    const stored = await hashPassword('secret', scryptParams(2048))
    expect(await verifyPassword('secret', stored)).toBe(true)
  })

  it('treats a composed and a decomposed accent as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-Password-1', params)
    expect(await verifyPassword('cafe\u0301-Password-1', stored)).toBe(true)
  })

  it.each(['', 'plain', 'bcrypt$2b$10$abc', 'scrypt$x$8$1$a$b', 'scrypt$1024$8$1$$'])(
    'rejects the malformed hash "%s"',
    async (stored) => {
      expect(parseHash(stored)).toBeNull()
      expect(await verifyPassword('anything', stored)).toBe(false)
    },
  )

  it.each([
    { stored: 'scrypt$1024$8$1$c2FsdA$a2V5', cost: 1024, expected: false },
    { stored: 'scrypt$1024$8$1$c2FsdA$a2V5', cost: 32768, expected: true },
    { stored: 'scrypt$1024$16$1$c2FsdA$a2V5', cost: 1024, expected: true },
    { stored: 'legacy', cost: 1024, expected: true },
  ])('needsRehash($stored, N=$cost) → $expected', ({ stored, cost, expected }) => {
    expect(needsRehash(stored, scryptParams(cost))).toBe(expected)
  })
})
