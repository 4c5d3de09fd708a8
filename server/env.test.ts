import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, resolveJwtSecret } from './env.ts'

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({})
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.JWT_SECRET).toBeUndefined()
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: resolve('./data'),
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_SECONDS: 2_592_000,
      LOGIN_MAX_ATTEMPTS: 5,
      LOCKOUT_DURATION_SECONDS: 900,
      LOCKOUTS_BEFORE_PERMANENT: 3,
      PASSWORD_EXPIRY_DAYS: 90,
      RESET_TOKEN_TTL_SECONDS: 3600,
      DEV_MAILBOX: false,
      PUBLIC_URL: 'http://localhost:8080',
      ALLOWED_HOSTS: ['localhost', '127.0.0.1', '[::1]'],
      LOG_LEVEL: 'info',
      RATE_LIMIT_LOGIN_PER_MINUTE: 30,
      RATE_LIMIT_ACCOUNT_PER_MINUTE: 10,
      SCRYPT_COST: 16384,
      STATIC_DIR: resolve('dist'),
      MAP_SEND_LIMIT: 20_000,
    })
  })

  it.each([
    { input: {}, expected: false },
    { input: { DATABASE_URL: 'postgres://db.internal/whitebox' }, expected: false },
    { input: { DEV_MAILBOX: '1' }, expected: true },
    { input: { DEV_MAILBOX: '1', HOST: 'localhost' }, expected: true },
    { input: { DEV_MAILBOX: '1', HOST: '::1' }, expected: true },
    {
      input: { DATABASE_URL: 'postgres://db.internal/whitebox', DEV_MAILBOX: '1' },
      expected: true,
    },
    { input: { DEV_MAILBOX: 'false' }, expected: false },
    { input: { DEV_MAILBOX: '0', HOST: '0.0.0.0', SMTP_URL: 'smtp://mail' }, expected: false },
  ])('DEV_MAILBOX for $input → $expected', ({ input, expected }) => {
    expect(parseEnv(input).DEV_MAILBOX).toBe(expected)
  })

  it.each([
    { input: { DEV_MAILBOX: '1', HOST: '0.0.0.0' }, reason: /loopback HOST only/ },
    { input: { DEV_MAILBOX: '1', HOST: '192.168.1.5' }, reason: /loopback HOST only/ },
    { input: { DEV_MAILBOX: '1', HOST: '::' }, reason: /loopback HOST only/ },
    { input: { DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail.internal' }, reason: /SMTP_URL/ },
  ])('refuses to serve the mailbox with $input', ({ input, reason }) => {
    expect(() => parseEnv(input)).toThrow(reason)
  })

  it('answers as PUBLIC_URL, ALLOWED_HOSTS and the loopback names', () => {
    const env = parseEnv({
      PUBLIC_URL: 'https://Whitebox.Example.com:8443/',
      ALLOWED_HOSTS: ' wb.lan , 10.0.0.5,[fd00::1]',
    })
    expect(env.ALLOWED_HOSTS).toEqual([
      'whitebox.example.com',
      'localhost',
      '127.0.0.1',
      '[::1]',
      'wb.lan',
      '10.0.0.5',
      '[fd00::1]',
    ])
    expect(() => parseEnv({ ALLOWED_HOSTS: 'http://wb.lan' })).toThrow(/ALLOWED_HOSTS/)
    expect(() => parseEnv({ ALLOWED_HOSTS: 'wb.lan:8080' })).toThrow(/ALLOWED_HOSTS/)
  })

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(parseEnv({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000')
    expect(parseEnv({ PUBLIC_URL: 'https://wb.example.com/' }).PUBLIC_URL).toBe(
      'https://wb.example.com',
    )
  })

  it('treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', SMTP_URL: '' })
    expect(env.PORT).toBe(8080)
    expect(env.SMTP_URL).toBeUndefined()
  })

  it.each([
    { name: 'PORT', value: 'eighty' },
    { name: 'PORT', value: '70000' },
    { name: 'DATABASE_URL', value: 'mysql://localhost/db' },
    { name: 'JWT_SECRET', value: 'short' },
    { name: 'ACCESS_TOKEN_TTL_SECONDS', value: '-5' },
    { name: 'LOGIN_MAX_ATTEMPTS', value: '0' },
    { name: 'DEV_MAILBOX', value: 'maybe' },
    { name: 'SMTP_URL', value: 'not a url' },
    { name: 'PUBLIC_URL', value: 'ftp://example.com' },
    { name: 'LOG_LEVEL', value: 'verbose' },
    { name: 'SCRYPT_COST', value: '30000' },
    { name: 'SCRYPT_COST', value: '512' },
    { name: 'RATE_LIMIT_LOGIN_PER_MINUTE', value: '1.5' },
    { name: 'MAP_SEND_LIMIT', value: '0' },
    { name: 'MAP_SEND_LIMIT', value: '300000' },
  ])('names $name in the error for "$value"', ({ name, value }) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^\\s+${name}=`, 'm'))
  })

  it('lists every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT=[\s\S]*LOG_LEVEL=/)
  })
})

describe('resolveJwtSecret', () => {
  it('generates a secret once into DATA_DIR/jwt-secret with mode 600, then reuses it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-env-'))
    try {
      const env = parseEnv({ DATA_DIR: join(dir, 'data') })
      const first = await resolveJwtSecret(env)
      expect(first.length).toBeGreaterThanOrEqual(64)
      const file = join(dir, 'data', 'jwt-secret')
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect((await readFile(file, 'utf8')).trim()).toBe(first)
      expect(await resolveJwtSecret(env)).toBe(first)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('prefers JWT_SECRET and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-env-'))
    try {
      const env = parseEnv({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) })
      expect(await resolveJwtSecret(env)).toBe('s'.repeat(40))
      await expect(stat(join(dir, 'jwt-secret'))).rejects.toThrow()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the server process', () => {
  it('exits with a message naming the bad variable before touching anything', () => {
    const result = spawnSync(process.execPath, ['server/server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 15_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /Invalid environment:\n\s+PORT="not-a-port": must be a whole number/,
    )
  })
})
