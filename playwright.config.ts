import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS } from './scripts/bench-support.ts'

// Ports can be moved so that several runs (a CI clone, a developer's run) share one machine.
const PORT = Number(process.env.E2E_PORT ?? 8181)
const SHORT_TTL_PORT = Number(process.env.E2E_SHORT_PORT ?? PORT + 1)
process.env.E2E_SHORT_URL = `http://localhost:${SHORT_TTL_PORT}`
// The journeys against a server that is already running (scripts/bench-memory.ts measures one).
const EXTERNAL_URL = process.env.E2E_EXTERNAL_URL
const e2eEnv = {
  // Both servers listen on loopback: the journeys read reset links from the dev mailbox.
  DEV_MAILBOX: '1',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000',
  LOG_LEVEL: 'warn',
  // The analyst sees a month of the benchmark's mobile tests coarsened (~8,500 points): under the
  // default 20,000 an answer goes whole. A lower limit lets the maps journey see the server's
  // clustered views with the demo accounts (tests/e2e/maps.spec.ts).
  MAP_SEND_LIMIT: '5000',
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: EXTERNAL_URL ?? `http://localhost:${PORT}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], browserName: 'chromium' },
      testMatch: /.*\.desktop\.spec\.ts/,
    },
  ],
  webServer: [
    ...(EXTERNAL_URL
      ? []
      : [
          {
            // A fresh database every run: the journeys start from the demo seed.
            command: `rm -rf ./data/e2e-${PORT} && node scripts/start.ts`,
            url: `http://localhost:${PORT}/api/health`,
            timeout: 240_000,
            reuseExistingServer: false,
            env: { ...e2eEnv, PORT: String(PORT), DATA_DIR: `./data/e2e-${PORT}` },
          },
        ]),
    {
      // Same build (the first server builds it), 20-second access tokens: renewal is exercised for real.
      command: `rm -rf ./data/e2e-${SHORT_TTL_PORT} && node server/server.ts`,
      url: `http://localhost:${SHORT_TTL_PORT}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        ...e2eEnv,
        PORT: String(SHORT_TTL_PORT),
        DATA_DIR: `./data/e2e-${SHORT_TTL_PORT}`,
        ACCESS_TOKEN_TTL_SECONDS: '20',
      },
    },
  ],
})
