import { existsSync, readFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { basename, join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CommonCodes } from '../../contracts/errors.ts'
import { AUTH_COOKIE } from '../../contracts/auth.ts'
import type { LocaleCode } from '../../contracts/locales.ts'
import { hasHints, loadPageHints, requestLocale, withHints } from '../lib/page-hints.ts'
import { shared } from './shared.ts'

/** Files the browser must revalidate on every load, so a new release is picked up at once. */
const REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js'])

/** Suffixes of the pre-compressed siblings that scripts/compress-dist.ts writes beside a file. */
const ENCODED_SUFFIX = /\.(br|gz)$/

/**
 * The Cache-Control header of a built file, by its path relative to the static root. A
 * pre-compressed sibling (`index.html.br`) gets the header of the file it encodes.
 */
export function cacheControlFor(path: string): string {
  const relative = path.replaceAll('\\', '/').replace(/^\/+/, '').replace(ENCODED_SUFFIX, '')
  // Vite puts content-hashed names under assets/: a changed file is a new URL.
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable'
  if (REVALIDATE.has(basename(relative))) return 'no-cache'
  return 'public, max-age=3600'
}

/**
 * A path with a dot-segment such as `/.vite/manifest.json` (the build's own bookkeeping, read by
 * the server for page hints) is never a file of the app; `/.well-known/` is left to the SPA.
 */
export function isHiddenPath(path: string): boolean {
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // A malformed escape is no file either; judged as it is.
  }
  return /(^|[/\\])\.[^/\\]/.test(decoded)
}

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

/** The client keeps its tokens in a cookie: without it, a signed-in page only leads to /login. */
const HAS_AUTH_COOKIE = new RegExp(`(^|;\\s*)${AUTH_COOKIE}=`)

type HintedPage = { html: string; br: Buffer; gzip: Buffer }

/**
 * index.html with the first-page hints of a path (server/lib/page-hints.ts), encoded once per set
 * of hints; null when the build has no manifest or the path needs no hint (index.html is sent as is).
 */
function hintedPages(
  root: string,
  hasIndex: boolean,
): (path: string, signedIn: boolean, locale: LocaleCode) => HintedPage | null {
  const hints = hasIndex ? loadPageHints(root) : null
  if (!hints) return () => null
  const shell = readFileSync(join(root, 'index.html'), 'utf8')
  const pages = new Map<string, HintedPage>()
  return (path, signedIn, locale) => {
    const files = hints.filesFor(path, signedIn, locale)
    if (!hasHints(files)) return null
    const key = [...files.scripts, ...files.styles, ...files.data].join(' ')
    let page = pages.get(key)
    if (!page) {
      const html = withHints(shell, files)
      page = { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) }
      pages.set(key, page)
    }
    return page
  }
}

/**
 * Serves the built PWA from STATIC_DIR and answers every other GET that is not /api/* and not a
 * file with index.html (client-side routes). A missing /assets/* file stays a 404: answering a
 * lost chunk with HTML would hide the chunk-load failure the client recovers from.
 */
export const staticFiles = shared(async (app: FastifyInstance, options: { root: string }) => {
  const hasIndex = existsSync(join(options.root, 'index.html'))
  if (existsSync(options.root)) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: true,
      cacheControl: false,
      // dist/ holds .br and .gz siblings (scripts/compress-dist.ts): send them as they are, with
      // Vary: Accept-Encoding, and the original file to clients that accept neither.
      preCompressed: true,
      // A variant is only sent for its file's URL; its own URL would come without Content-Encoding.
      allowedPath: (path) => !isApi(path) && !ENCODED_SUFFIX.test(path) && !isHiddenPath(path),
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path.slice(options.root.length)))
      },
    })
  }

  const hintedPage = hintedPages(options.root, hasIndex)

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi(path) &&
      !path.startsWith('/assets/') &&
      !isHiddenPath(path)
    if (isPage && hasIndex) {
      reply.header('cache-control', 'no-cache').type('text/html')
      const signedIn = HAS_AUTH_COOKIE.test(request.headers.cookie ?? '')
      const locale = requestLocale(request.headers.cookie, request.headers['accept-language'])
      const page = hintedPage(path, signedIn, locale)
      if (!page) return reply.sendFile('index.html')
      const accepts = request.headers['accept-encoding'] ?? ''
      // The hints depend on the cookies (sign-in, locale) and the browser's languages.
      reply.header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br)
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip)
      return reply.send(page.html)
    }
    return reply.code(404).send({ code: CommonCodes.NOT_FOUND })
  })
})
