import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxResponseSchema } from '../../../contracts/auth.ts'
import { outbox } from '../../db/schema.ts'
import { createTestApp, errorBody, type TestApp } from '../../test/helpers.ts'
import { escapeHtml, isLoopbackAddress } from './routes.ts'

describe('dev mailbox on', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: '1' })
    await t.db.insert(outbox).values({
      to: 'someone@example.com',
      subject: 'Hello <script>alert(1)</script>',
      text: 'Body with <b>markup</b> & "quotes"',
      links: ['http://whitebox.test/reset-password/1/abc', 'javascript:alert(1)'],
    })
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists mails as JSON, newest first', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sendPasswordResetEmail',
      payload: { email: 'consumer@example.com' },
    })
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(OutboxResponseSchema, response.json())
    expect(data.map((mail) => mail.to)).toEqual(['consumer@example.com', 'someone@example.com'])
    expect(data[0]?.subject).toBe('Reset your Whitebox password')
  })

  it('renders an escaped page with clickable http links and no script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/)
    const html = response.body
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('Body with &lt;b&gt;markup&lt;/b&gt; &amp; &quot;quotes&quot;')
    expect(html).toContain('<a href="http://whitebox.test/reset-password/1/abc">')
    expect(html).not.toContain('href="javascript:')
  })
})

describe('dev mailbox reached from another machine', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: '1' })
  })
  afterAll(async () => {
    await t.close()
  })

  it.each(['/api/dev/mailbox', '/dev/mailbox'])('answers %s with 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('reset-password')
  })

  it.each([
    { address: '127.0.0.1', loopback: true },
    { address: '127.10.0.3', loopback: true },
    { address: '::1', loopback: true },
    { address: '::ffff:127.0.0.1', loopback: true },
    { address: '::ffff:192.168.1.20', loopback: false },
    { address: '10.127.0.1', loopback: false },
    { address: '1127.0.0.1', loopback: false },
    { address: '', loopback: false },
  ])('counts $address as loopback: $loopback', ({ address, loopback }) => {
    expect(isLoopbackAddress(address)).toBe(loopback)
  })
})

describe('a page on another site rebinding its name to this server', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: '1', ALLOWED_HOSTS: 'whitebox.lan' })
  })
  afterAll(async () => {
    await t.close()
  })

  it.each([
    { host: 'evil.example', status: 421 },
    { host: 'evil.example:8080', status: 421 },
    { host: 'localhost.evil.example', status: 421 },
    { host: '127.0.0.1.nip.io', status: 421 },
    { host: 'localhost:8080', status: 200 },
    { host: '127.0.0.1:8080', status: 200 },
    { host: '[::1]:8080', status: 200 },
    { host: 'LOCALHOST', status: 200 },
    { host: 'whitebox.test', status: 200 },
    { host: 'whitebox.lan:8443', status: 200 },
  ])('Host: $host gets $status', async ({ host, status }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { host },
    })
    expect(response.statusCode).toBe(status)
    if (status === 421) expect(response.json()).toEqual({ code: 'MISDIRECTED' })
  })

  it.each(['/api/health', '/api/auth/myGrants', '/', '/login'])(
    'refuses %s for another host before any route runs',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } })
      expect(response.statusCode).toBe(421)
    },
  )
})

describe('dev mailbox off', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: '0' })
  })
  afterAll(async () => {
    await t.close()
  })

  it.each(['/api/dev/mailbox', '/dev/mailbox'])('answers %s with 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(404)
    expect(errorBody(response)).toEqual({ code: 'NOT_FOUND' })
  })

  it('still writes mails to the outbox', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sendPasswordResetEmail',
      payload: { email: 'consumer@example.com' },
    })
    const rows = await t.db.select().from(outbox)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.links[0]).toMatch(/^http:\/\/whitebox\.test\/reset-password\/1\//)
  })
})

describe('escapeHtml', () => {
  it.each([
    { input: '<a href="x">', expected: '&lt;a href=&quot;x&quot;&gt;' },
    { input: "Tom & Jerry's", expected: 'Tom &amp; Jerry&#39;s' },
    { input: 'plain', expected: 'plain' },
  ])('escapes $input', ({ input, expected }) => {
    expect(escapeHtml(input)).toBe(expected)
  })
})
