import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressDir, MIN_BYTES } from '../../scripts/compress-dist.ts'
import { cacheControlFor, staticFiles } from './static.ts'

// Repetitive text well above MIN_BYTES, so both encodings are written and clearly smaller.
const big = (line: string) => `${line}\n`.repeat(200)

const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head></head><body><div id="root"></div>${big('<p>shell</p>')}</body></html>`,
  'assets/index-abc123.js': big('console.log("app")'),
  'assets/index-abc123.css': big('body{margin:0}'),
  'sw.js': big('self.addEventListener("fetch", () => {})'),
  'manifest.webmanifest': `{"name":"Whitebox","description":"${'x'.repeat(2000)}"}`,
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${big('<g/>')}</svg>`,
  'assets/tiny-abc123.js': 'export {}',
  'icons/icon-192.png': big('not really a png'),
  'assets/login-abc123.js': big('console.log("login")'),
  // Vite's build manifest: the login route's chunk (server/lib/page-hints.ts).
  '.vite/manifest.json': JSON.stringify({
    'index.html': { file: 'assets/index-abc123.js', isEntry: true },
    'src/routes/login.tsx?tsr-split=component': {
      file: 'assets/login-abc123.js',
      imports: ['index.html'],
    },
    'src/routes/_authed/settings.tsx?tsr-split=component': { file: 'assets/settings-abc123.js' },
  }),
}

let root: string
let app: FastifyInstance

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wb-static-test-'))
  for (const [name, content] of Object.entries(FILES)) {
    await mkdir(join(root, name, '..'), { recursive: true })
    await writeFile(join(root, name), content)
  }
  await compressDir(root)
  app = Fastify()
  await app.register(staticFiles, { root })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await rm(root, { recursive: true, force: true })
})

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString()
  if (encoding === 'gzip') return gunzipSync(body).toString()
  return body.toString()
}

describe('compressDir', () => {
  it('writes .br and .gz beside text files only, and only when they are worth it', async () => {
    const files = (await readdir(root, { recursive: true })).map((file) =>
      file.replaceAll('\\', '/'),
    )
    expect(files).toEqual(expect.arrayContaining(['assets/index-abc123.js.br', 'index.html.gz']))
    expect(files).not.toContain('assets/tiny-abc123.js.br')
    expect(files).not.toContain('icons/icon-192.png.br')
    expect(FILES['assets/tiny-abc123.js']?.length).toBeLessThan(MIN_BYTES)
  })

  it('reports each file it looked at with the sizes it wrote', async () => {
    const results = await compressDir(root)
    const script = results.find((file) => file.path === join('assets', 'index-abc123.js'))
    expect(script?.bytes).toBe(FILES['assets/index-abc123.js']?.length)
    expect(script?.br).toBeLessThan(script?.gzip ?? 0)
    expect(results.find((file) => file.path.endsWith('tiny-abc123.js'))).toMatchObject({
      br: null,
      gzip: null,
    })
  })
})

describe('pre-compressed static files', () => {
  it.each([
    { url: '/assets/index-abc123.js', file: 'assets/index-abc123.js', cache: 'immutable' },
    { url: '/assets/index-abc123.css', file: 'assets/index-abc123.css', cache: 'immutable' },
    { url: '/', file: 'index.html', cache: 'no-cache' },
    { url: '/index.html', file: 'index.html', cache: 'no-cache' },
    { url: '/dashboard', file: 'index.html', cache: 'no-cache' },
    { url: '/sw.js', file: 'sw.js', cache: 'no-cache' },
    { url: '/manifest.webmanifest', file: 'manifest.webmanifest', cache: 'no-cache' },
    { url: '/favicon.svg', file: 'favicon.svg', cache: 'max-age=3600' },
  ])(
    '$url: br, gzip or identity by Accept-Encoding, cache "$cache"',
    async ({ url, file, cache }) => {
      const cases = [
        { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
        { accept: 'gzip, deflate', encoding: 'gzip' },
        { accept: 'identity', encoding: undefined },
      ]
      for (const { accept, encoding } of cases) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': accept },
        })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-encoding']).toBe(encoding)
        expect(response.headers.vary).toMatch(/accept-encoding/i)
        expect(response.headers['cache-control']).toContain(cache)
        expect(response.headers['content-type']).not.toMatch(/octet-stream/)
        expect(decode(encoding, response.rawPayload)).toBe(FILES[file])
        if (encoding) expect(response.rawPayload.length).toBeLessThan(FILES[file]?.length ?? 0)
      }
    },
  )

  it('sends a file too small to compress as it is', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/tiny-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.body).toBe('export {}')
  })

  it('does not serve a compressed sibling under its own URL', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' })
    expect(response.statusCode).toBe(404)
  })
})

describe('first-page hints', () => {
  it.each([
    { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
    { accept: 'gzip, deflate', encoding: 'gzip' },
    { accept: 'identity', encoding: undefined },
  ])('/login announces its route chunk ($accept)', async ({ accept, encoding }) => {
    const response = await app.inject({
      method: 'GET',
      url: '/login?next=%2Fsettings',
      headers: { 'accept-encoding': accept },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(decode(encoding, response.rawPayload)).toBe(
      FILES['index.html']?.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/login-abc123.js" /></head>',
      ),
    )
  })
})

describe('first-page hints and the session', () => {
  it('announces nothing behind the sign-in without the auth cookie', async () => {
    const manifestKey = 'src/routes/_authed/settings.tsx?tsr-split=component'
    expect(FILES['.vite/manifest.json']).toContain(manifestKey)
    const hinted = '<link rel="modulepreload" crossorigin href="/assets/settings-abc123.js" />'
    const signedOut = await app.inject({ method: 'GET', url: '/settings' })
    expect(signedOut.body).not.toContain(hinted)
    const signedIn = await app.inject({
      method: 'GET',
      url: '/settings',
      headers: { cookie: 'theme=dark; wb_auth=%7B%7D' },
    })
    expect(signedIn.body).toContain(hinted)
  })
})

describe('files that are not the app', () => {
  it.each([
    '/.vite/manifest.json',
    '/.vite/manifest.json.br',
    '/.vite/',
    '/%2Evite/manifest.json',
    '/assets/../.vite/manifest.json',
    '/.env',
  ])('answers %s with 404, not the file or the app', async (url) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('tsr-split')
    expect(response.body).not.toContain('<div id="root">')
  })
})

describe('cacheControlFor', () => {
  it.each([
    { path: '/assets/index-abc123.js', expected: 'public, max-age=31536000, immutable' },
    { path: '/assets/index-abc123.js.br', expected: 'public, max-age=31536000, immutable' },
    { path: '/index.html', expected: 'no-cache' },
    { path: '/index.html.br', expected: 'no-cache' },
    { path: '/index.html.gz', expected: 'no-cache' },
    { path: '/sw.js.gz', expected: 'no-cache' },
    { path: '/manifest.webmanifest.br', expected: 'no-cache' },
    { path: '/favicon.svg.br', expected: 'public, max-age=3600' },
  ])('$path -> $expected', ({ path, expected }) => {
    expect(cacheControlFor(path)).toBe(expected)
  })
})
