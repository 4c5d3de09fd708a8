import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESS_MIN_BYTES, compression, encodeBody, preferredEncoding } from './compression.ts'

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['br;q=0, gzip;q=0', null],
  ] as const)('Accept-Encoding %j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected)
  })
})

describe('encodeBody', () => {
  const body = Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ i, v: i / 7 }))))
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('%s decodes back to the same bytes, smaller', (encoding, decode) => {
    const encoded = encodeBody(body, encoding)
    expect(encoded.byteLength).toBeLessThan(body.byteLength / 2)
    expect(decode(encoded).equals(body)).toBe(true)
  })
})

describe('compression plugin', () => {
  let app: FastifyInstance
  const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) }

  beforeAll(async () => {
    app = Fastify()
    // As in server/app.ts: the plugin in the API's scope, static files beside it.
    await app.register(async (api: FastifyInstance) => {
      await api.register(compression)
      api.get('/big', () => big)
      api.get('/small', () => ({ ok: true }))
      api.get('/problem', async (_request, reply) =>
        reply.type('application/problem+json').send(JSON.stringify(big)),
      )
      api.get('/own', async (_request, reply) =>
        reply
          .type('application/json')
          .header('content-encoding', 'gzip')
          .send(encodeBody(Buffer.from(JSON.stringify(big)), 'gzip')),
      )
      api.post('/echo', (request) => request.body)
    })
    app.get('/page.html', async (_request, reply) =>
      reply.type('text/html').send('<p>x</p>'.repeat(500)),
    )
    await app.ready()
  })
  afterAll(() => app.close())

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    })

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('encodes a large JSON answer for %j as %s', async (accept, encoding, decode) => {
    const response = await get('/big', accept)
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(big)
  })

  it('sends JSON as it is to a client that does not ask for an encoding', async () => {
    const response = await get('/big')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.json()).toEqual(big)
  })

  it(`leaves answers under ${COMPRESS_MIN_BYTES} bytes alone, encodes problem+json`, async () => {
    expect((await get('/small', 'br')).headers['content-encoding']).toBeUndefined()
    expect((await get('/problem', 'br')).headers['content-encoding']).toBe('br')
  })

  it('does not reach routes outside its scope (the static files)', async () => {
    expect((await get('/page.html', 'br')).headers['content-encoding']).toBeUndefined()
  })

  it('does not encode again what a route encoded itself', async () => {
    const response = await get('/own', 'br, gzip')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(big)
  })

  it('does not inflate request bodies (they are parsed as sent)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: encodeBody(Buffer.from('{"a":1}'), 'gzip'),
    })
    expect(response.statusCode).toBe(400)
  })
})
