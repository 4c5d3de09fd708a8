import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import helmet, { type HelmetOptions } from 'helmet'
import rateLimitPlugin from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { CommonCodes } from '../../contracts/errors.ts'
import { HttpError } from '../errors.ts'
import { shared } from './shared.ts'

/** Helmet's defaults with a strict CSP; cross-origin isolation would block the map tiles. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // index.html's theme script (its hash checked by src/ui/app-shell.test.ts).
      scriptSrc: ["'self'", "'sha256-HV7h4u3UrKI+DSLm4dv/GD0Go8jqEi43t8w/3HZiKlw='"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
}

/** The options with more image sources (a configured map tile server: MAP_TILE_URL). */
export function withImgSources(options: HelmetOptions, sources: string[]): HelmetOptions {
  const csp = options.contentSecurityPolicy
  if (sources.length === 0 || typeof csp !== 'object') return options
  const directives = csp.directives ?? {}
  const imgSrc = directives.imgSrc
  const current: string[] = Array.isArray(imgSrc)
    ? imgSrc.filter((x): x is string => typeof x === 'string')
    : []
  return {
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...directives, imgSrc: [...current, ...sources] },
    },
  }
}

/**
 * The headers helmet sets for `options`, computed once: helmet's middleware run on a detached
 * response. They depend on nothing in a request (no CSP nonces are used).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()))
  helmet(options)(response.req, response, (error?: unknown) => {
    // Only for options helmet refuses: a start-up error, never a request's.
    if (error instanceof Error) throw error
  })
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  )
}

/**
 * The security plugins: headers with a strict CSP (no inline script anywhere; inline styles only,
 * for libraries that set style attributes), and the rate-limit machinery. No CORS plugin: the PWA
 * and every service share one origin, so browsers block cross-origin reads by default.
 */
export const external = shared(async (app: FastifyInstance, options: { imgSrc?: string[] }) => {
  const headers = securityHeaders(withImgSources(HELMET_OPTIONS, options.imgSrc ?? []))
  // The same headers on every answer: set from one object, not rebuilt per request (what
  // @fastify/helmet does: ~9% of a cached API answer's CPU went to re-parsing the CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
  // Limits are opt-in per route (login and reset): see perMinute().
  await app.register(rateLimitPlugin, { global: false })
})

/**
 * A hook allowing `max` requests a minute per key (client IP by default, or e.g. the account the
 * request names); a request whose key is null is not counted. Over the limit: 429 RATE_LIMITED.
 */
export function perMinute(
  app: FastifyInstance,
  max: number,
  key: (request: FastifyRequest) => string | null = (request) => request.ip,
): onRequestAsyncHookHandler {
  const limiter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => key(request) ?? '',
    allowList: (_request, k) => k === '',
  })
  return async (request) => {
    const result = await limiter(request)
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, CommonCodes.RATE_LIMITED, {
        headers: { 'retry-after': String(result.ttlInSeconds) },
      })
    }
  }
}
