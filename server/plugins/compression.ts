import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import compress from '@fastify/compress'
import { Negotiator } from '@fastify/accept-negotiator'
import { LRUCache } from 'lru-cache'
import type { FastifyInstance } from 'fastify'
import { shared } from './shared.ts'

/**
 * The encodings the API answers in, best first: what Chromium, Firefox and Safari all send in
 * Accept-Encoding. A month of hourly results is ~57 KB of JSON and ~6 KB in brotli: on a phone's
 * weak link that is the difference that matters.
 */
export const API_ENCODINGS = ['br', 'gzip'] as const

export type ApiEncoding = (typeof API_ENCODINGS)[number]

/** Only JSON answers: the static files come pre-compressed (scripts/compress-dist.ts). */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/

/** Answers smaller than this go as they are: the headers would outweigh the saving. */
export const COMPRESS_MIN_BYTES = 1024

/**
 * Compresses the API's JSON answers (brotli at quality 4, gzip) for clients that ask for it. A
 * route that sends bytes it encoded itself (metric_results keeps its answers encoded) sets
 * Content-Encoding, and the plugin leaves them alone. Request bodies are never decompressed: no
 * client sends them encoded, and the body limit then measures what is parsed.
 */
export const compression = shared(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: [...API_ENCODINGS],
    threshold: COMPRESS_MIN_BYTES,
    // Up to 64 KiB compressed in place (~0.3 ms for a 17 KB page of agents at quality 4): the
    // stream path the plugin takes above its default (8 KiB on 2 cores) doubled the latency of a
    // page of agents at one client (2.7 → 5.0 ms), from hops through the thread pool.
    syncThreshold: 64 * 1024,
    customTypes: JSON_TYPE,
  })
})

/** The encoding to answer a request in, from its Accept-Encoding (q-values honoured); null: as is. */
export function preferredEncoding(acceptEncoding: string | undefined): ApiEncoding | null {
  if (!acceptEncoding) return null
  return negotiator.negotiate(acceptEncoding)
}

/** Browsers send a handful of distinct headers: remember the answers (bounded: headers are input). */
const negotiator = new Negotiator<ApiEncoding>({
  supportedValues: [...API_ENCODINGS],
  cache: new LRUCache<string, string>({ max: 100 }),
})

/** Brotli 5 and gzip 6: run once per cached answer, so a little slower than the plugin's 4 pays. */
const ENCODERS: Record<ApiEncoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
}

/** `body` in `encoding`, for a route that keeps its answers encoded. */
export function encodeBody(body: Buffer, encoding: ApiEncoding): Buffer {
  return ENCODERS[encoding](body)
}
