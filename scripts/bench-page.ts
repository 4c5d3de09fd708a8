/**
 * What the in-browser benchmarks share (bench/chart, bench/map): build a bench page with Vite into a
 * temporary folder, serve it on loopback, open Debian's Chromium, and clean everything up after.
 */
import { createServer } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { build, type PluginOption } from 'vite'
import { CHROMIUM_FLAGS } from './bench-support.ts'

const ROOT = join(import.meta.dirname, '..')
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/**
 * Builds `bench/<page>`, serves it on 127.0.0.1 and runs `use` with a Chromium and the page's
 * origin; the browser, the server and the build are gone when the promise settles.
 */
export async function withBenchPage<T>(
  page: string,
  plugins: PluginOption[],
  use: (browser: Browser, origin: string) => Promise<T>,
): Promise<T> {
  const outDir = await mkdtemp(join(tmpdir(), `wb-${page}-bench-`))
  try {
    await build({
      root: join(ROOT, 'bench', page),
      configFile: false,
      logLevel: 'warn',
      plugins,
      build: { outDir, emptyOutDir: true, target: 'es2023' },
    })
    const server = createServer((request, response) => {
      const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '')
      readFile(join(outDir, path === '' ? 'index.html' : path)).then(
        (body) => {
          response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/html' })
          response.end(body)
        },
        () => {
          response.writeHead(404).end()
        },
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    })
    try {
      return await use(browser, `http://127.0.0.1:${port}`)
    } finally {
      await browser.close()
      server.close()
    }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}
