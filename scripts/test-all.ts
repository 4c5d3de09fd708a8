/**
 * `npm test`: everything the project checks, in order — types, lint, unit and component tests, the server
 * suite on the embedded PostgreSQL and once more on the machine's PostgreSQL 15 when present, the production
 * build, then the end-to-end journeys in Debian's Chromium. Prints one `N passed, N failed` line at the end.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Counts = { passed: number; failed: number; skipped: number }
const total: Counts = { passed: 0, failed: 0, skipped: 0 }
const failedSteps: string[] = []
/** Every failed test by name, printed again at the end: CI keeps only the tail of the output. */
const failedTests: string[] = []

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  if (!ok) failedSteps.push(name)
  return ok
}

/** A step without a test count (typecheck, lint, build) counts as one check. */
function check(name: string, command: string, args: string[]): void {
  if (run(name, command, args)) total.passed += 1
  else total.failed += 1
}

function addVitest(file: string): void {
  if (!existsSync(file)) {
    total.failed += 1
    return
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
    numTodoTests: number
    testResults: {
      name: string
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[]
    }[]
  }
  for (const suite of report.testResults)
    for (const test of suite.assertionResults)
      if (test.status === 'failed')
        failedTests.push(
          `${suite.name.replace(process.cwd() + '/', '')} › ${test.fullName}\n    ${(test.failureMessages[0] ?? '').split('\n')[0]}`,
        )
  total.passed += report.numPassedTests
  total.failed += report.numFailedTests
  total.skipped += report.numPendingTests + report.numTodoTests
}

function addPlaywright(file: string): void {
  if (!existsSync(file)) {
    total.failed += 1
    return
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  }
  total.passed += report.stats.expected + report.stats.flaky
  total.failed += report.stats.unexpected
  total.skipped += report.stats.skipped
}

/** Starts a throw-away PostgreSQL 15 cluster on loopback; returns its URL and a stop function. */
function startPostgres15(): { url: string; stop: () => void } | null {
  const bin = ['/usr/lib/postgresql/15/bin', '/usr/local/bin'].find((dir) =>
    existsSync(join(dir, 'initdb')),
  )
  if (!bin) return null
  const dir = mkdtempSync(join(tmpdir(), 'wb-pg15-'))
  chmodSync(dir, 0o777)
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : []
  const pg = (tool: string, args: string[]) => {
    const [cmd, ...rest] = [...asPostgres, join(bin, tool), ...args]
    return spawnSync(cmd ?? tool, rest, { stdio: 'inherit' }).status === 0
  }
  const data = join(dir, 'data')
  const port = 54315
  if (
    !pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']) ||
    !pg('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ])
  ) {
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const reports = mkdtempSync(join(tmpdir(), 'wb-test-'))

check('typecheck', 'npm', ['run', 'typecheck'])
check('lint', 'npm', ['run', 'lint'])

run('unit, component and server tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'vitest.json')}`,
])
addVitest(join(reports, 'vitest.json'))

const pg15 = startPostgres15()
if (pg15) {
  run(
    'server tests on PostgreSQL 15 (DATABASE_URL)',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest-pg15.json')}`,
    ],
    { DATABASE_URL: pg15.url },
  )
  pg15.stop()
  addVitest(join(reports, 'vitest-pg15.json'))
} else {
  console.log(
    '\n(PostgreSQL 15 binaries not found: the DATABASE_URL run of the server suite is skipped)',
  )
}

check('build', 'npm', ['run', 'build'])

run('end-to-end (Playwright, Debian Chromium)', 'npx', ['playwright', 'test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json'),
})
addPlaywright(join(reports, 'e2e.json'))

rmSync(reports, { recursive: true, force: true })
if (failedTests.length > 0) console.log(`\nFailed tests:\n  ${failedTests.join('\n  ')}`)
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`)
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
)
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0)
