import { spawn } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRunningEmbedded, startEmbeddedPostgres } from './embedded.ts'

const embeddedModule = new URL('./embedded.ts', import.meta.url).pathname

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one')
    return rows[0]?.one ?? 0
  } finally {
    await client.end()
  }
}

/** Starts the embedded server in a child process; returns a hard kill (SIGKILL) of that process. */
async function startInChild(dataDir: string): Promise<() => Promise<void>> {
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(embeddedModule)}
    await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} })
    console.log('READY')
    setInterval(() => {}, 1000)
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve()
    })
    child.once('exit', (code) => {
      reject(new Error(`child exited early (${String(code)})`))
    })
  })
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
}

describe('embedded PostgreSQL', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wb-embedded-'))
    await chmod(dir, 0o755)
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('shares a live server, stops one left by a hard-killed process, and starts again', async () => {
    const dataDir = join(dir, 'data')
    const killHard = await startInChild(dataDir)

    // While its owner lives, a second server on the same data is refused; the CLI connects to it.
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(/another Whitebox process/)
    const running = await findRunningEmbedded(dataDir)
    expect(running).not.toBeNull()
    expect(await selectOne(running ?? '')).toBe(1)

    await killHard()
    const leftoverPid = Number(
      (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    )
    expect(isAlive(leftoverPid)).toBe(true)

    const db = await startEmbeddedPostgres({ dataDir })
    try {
      expect(isAlive(leftoverPid)).toBe(false)
      expect(await selectOne(db.connectionString)).toBe(1)
      expect(db.connectionString).toMatch(
        /^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/whitebox$/,
      )
      // The password is generated per data dir and kept private.
      expect((await stat(join(dataDir, 'postgres-password'))).mode & 0o777).toBe(0o600)
    } finally {
      await db.stop()
    }
    const pidFile = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(
      () => null,
    )
    expect(pidFile).toBeNull()
    expect(await findRunningEmbedded(dataDir)).toBeNull()
  }, 90_000)
})
