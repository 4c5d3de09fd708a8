import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portProblem } from './port.ts'

const ROOT = join(import.meta.dirname, '..', '..')

/** Another server (not a Whitebox) holding a loopback port. */
let squatter: Server
let port: number
let workDir: string

beforeAll(async () => {
  squatter = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok'))
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
  const address = squatter.address()
  port = typeof address === 'object' && address ? address.port : 0
  workDir = await mkdtemp(join(tmpdir(), 'wb-port-test-'))
})

afterAll(async () => {
  await new Promise((resolve) => squatter.close(resolve))
  await rm(workDir, { recursive: true, force: true })
})

describe('portProblem', () => {
  it('says a taken port is taken, and how to choose another', async () => {
    expect(await portProblem('127.0.0.1', port)).toMatch(
      new RegExp(`Port ${String(port)} on 127.0.0.1 is already in use.*PORT=8081 npm start`),
    )
  })

  it('has nothing to say about a free port (it is free again afterwards)', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address()
        probe.close(() => {
          resolve(typeof address === 'object' && address ? address.port : 0)
        })
      })
    })
    expect(await portProblem('127.0.0.1', free)).toBeNull()
    expect(await portProblem('127.0.0.1', free)).toBeNull()
  })

  it('names a HOST that is not this machine', async () => {
    expect(await portProblem('203.0.113.7', 8080)).toMatch(/HOST=203\.0\.113\.7/)
  })
})

describe('npm start with the port taken', () => {
  it('stops before building or creating a database, and says why', async () => {
    const staticDir = join(workDir, 'dist')
    const dataDir = join(workDir, 'data')
    await rm(staticDir, { recursive: true, force: true })
    // A build newer than every source: start.ts would not build (it must not get that far).
    await mkdir(staticDir)
    await writeFile(join(staticDir, 'index.html'), '<!doctype html>')
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'start.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'silent',
      },
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`Port ${String(port)} on 127.0.0.1 is already in use`)
    expect(result.stdout).not.toContain('is ready')
    expect(existsSync(dataDir)).toBe(false)
  })
})
