/** What the bench scripts and the Playwright config share: Chromium's flags, loopback checks, ports. */
import { createServer } from 'node:net'

/** Debian's Chromium on these machines: root, no GPU, closed network (TOOLCHAIN.md). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/** Load and benchmark only this machine: exits when `url` is not on loopback. */
export function assertLoopback(url: string, what = 'benchmark'): void {
  const host = new URL(url).hostname
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    console.error(`refusing to ${what} ${host}: loopback only`)
    process.exit(2)
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  })
}
