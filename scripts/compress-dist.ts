/**
 * Writes `.br` and `.gz` beside every compressible file of the built PWA, so the server sends them
 * as they are (@fastify/static `preCompressed`) instead of compressing each response or sending
 * it uncompressed.
 *
 *   node scripts/compress-dist.ts [dir]     (default: dist)
 *
 * Run after `vite build` (`npm run build` does). Compression is done once, at the highest levels.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { extname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Extensions worth compressing: text formats (images and fonts are compressed already). */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.webmanifest',
  '.json',
])

/** Below this a response fits in one packet either way; the extra files are not worth keeping. */
export const MIN_BYTES = 1024

/** One file's result: the original size and the compressed sizes written (null: not written). */
export type CompressedFile = { path: string; bytes: number; br: number | null; gzip: number | null }

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(path)
    else if (entry.isFile()) yield path
  }
}

/** Whether `path` is a file that gets compressed siblings. */
export function isCompressible(path: string): boolean {
  return COMPRESSIBLE.has(extname(path).toLowerCase())
}

/** Brotli (quality 11) and gzip (level 9) encodings of `data`. */
export async function encode(data: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ])
  return { br, gzip: gz }
}

/**
 * Compresses every compressible file under `dir`. A variant that would not be smaller than the
 * original is not written (and a stale one from an earlier build is removed), so the server falls
 * back to the original file.
 */
export async function compressDir(dir: string): Promise<CompressedFile[]> {
  const results: CompressedFile[] = []
  for await (const path of filesUnder(dir)) {
    if (!isCompressible(path)) continue
    const data = await readFile(path)
    const result: CompressedFile = {
      path: relative(dir, path),
      bytes: data.length,
      br: null,
      gzip: null,
    }
    const encoded = data.length >= MIN_BYTES ? await encode(data) : null
    for (const kind of ['br', 'gzip'] as const) {
      const target = `${path}.${kind === 'br' ? 'br' : 'gz'}`
      const variant = encoded?.[kind]
      if (variant && variant.length < data.length) {
        await writeFile(target, variant)
        result[kind] = variant.length
      } else {
        await rm(target, { force: true })
      }
    }
    results.push(result)
  }
  return results
}

if (import.meta.main) {
  const dir = resolve(process.argv[2] ?? 'dist')
  const started = performance.now()
  const results = await compressDir(dir)
  const sum = (pick: (file: CompressedFile) => number) =>
    results.reduce((total, file) => total + pick(file), 0)
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  console.log(
    `compress-dist: ${results.length} files in ${relative(process.cwd(), dir) || '.'} ` +
      `(${kb(sum((file) => file.bytes))} -> br ${kb(sum((file) => file.br ?? file.bytes))}, ` +
      `gzip ${kb(sum((file) => file.gzip ?? file.bytes))}) in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}
