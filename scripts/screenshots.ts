/**
 * `node scripts/screenshots.ts`: the app's key screens at 390×844, in English and Arabic, light
 * and dark (issue 22 §2), as PNGs in ./screenshots/ (gitignored), named
 * `<screen>-<locale>-<theme>.png`.
 *
 * Against E2E_EXTERNAL_URL when set (a server already running with the demo data); otherwise it
 * starts one as the e2e config does (scripts/start.ts builds dist/ when sources changed, a fresh
 * database under ./data/screenshots-<port>) on SCREENSHOTS_PORT (default 8823) and stops it at
 * the end. Only some screens: SCREENS=dashboard,sign-in node scripts/screenshots.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS } from './bench-support.ts'

const ROOT = join(import.meta.dirname, '..')
const OUT = join(ROOT, 'screenshots')
const PASSWORD = 'Whitebox-demo-1'
const VIEWPORT = { width: 390, height: 844 }

type LocaleCode = 'en-GB' | 'ar-SA'
type Theme = 'light' | 'dark'
type Shot = { page: Page; locale: LocaleCode; theme: Theme }
type Screen = {
  name: string
  /** The demo account to sign in as, or null for a visitor. */
  account: string | null
  /** Opens the screen; returns the part to capture (null: the screen, 390×844). */
  open: (shot: Shot) => Promise<string | null>
  /** The whole page rather than the screen. */
  fullPage?: boolean
}

/** A test of the demo consumer, from the first run's data (later runs may read it from cache). */
const knownTest: { testId: string | null } = { testId: null }

const LOCALES: readonly LocaleCode[] = ['en-GB', 'ar-SA']
const THEMES: readonly Theme[] = ['light', 'dark']
/** The language picker lists each language in its own name. */
const NATIVE_NAME: Record<LocaleCode, string> = { 'en-GB': 'English (UK)', 'ar-SA': 'العربية' }

const SCREENS: readonly Screen[] = [
  {
    name: 'sign-in',
    account: null,
    open: async ({ page }) => {
      await page.goto('/login')
      await page.locator('input[type="password"]').waitFor()
      return null
    },
  },
  {
    name: 'dashboard',
    account: 'consumer',
    open: async ({ page }) => {
      await page.goto('/dashboard')
      await settle(page)
      return null
    },
  },
  {
    name: 'metric-card',
    account: 'consumer',
    open: async ({ page }) => {
      await page.goto('/dashboard')
      await settle(page)
      // The first metric's card: its chart (drawn once near the screen) and what it means.
      const card = page.locator('main section[data-metric]').first()
      await card.scrollIntoViewIfNeeded()
      await card
        .locator('canvas')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined)
      await settle(page)
      return 'main section[data-metric] >> nth=0'
    },
  },
  {
    name: 'test-result',
    account: 'consumer',
    open: async ({ page }) => {
      // A test id from the dashboard's own data (a chart point's testId).
      const found = knownTest
      page.on('response', (response) => {
        if (found.testId !== null || !response.url().includes('/api/')) return
        response
          .text()
          .then((body) => {
            found.testId ??= /"testId":"([^"]+)"/.exec(body)?.[1] ?? null
          })
          .catch(() => undefined)
      })
      await page.goto('/dashboard')
      await settle(page)
      const deadline = Date.now() + 15_000
      while (found.testId === null && Date.now() < deadline) await page.waitForTimeout(250)
      if (found.testId === null) throw new Error('no test id in the dashboard’s data')
      await page.goto(`/dashboard/results/${encodeURIComponent(found.testId)}`)
      await settle(page)
      return null
    },
  },
  {
    name: 'settings',
    account: 'consumer',
    fullPage: true,
    open: async ({ page }) => {
      await page.goto('/settings/personal-details')
      await settle(page)
      return null
    },
  },
  {
    name: 'saudi-signup-step-4',
    account: null,
    open: async ({ page }) => {
      await page.goto('/signup/sa')
      const field = (name: string) => page.locator(`[name="${name}"]`)
      const next = page.locator('button[name="next"]')
      for (const name of ['has_fixed_connection', 'has_space', 'has_spare_power']) {
        await field(name).check()
      }
      await next.click()
      await field('first_name').fill('Nora')
      await field('last_name').fill('Alharbi')
      await field('email').fill('nora@example.com')
      await field('mobile').fill('0551234567')
      await next.click()
      await field('installation_address_1').fill('2231 King Fahd Road')
      await field('installation_city').fill('Riyadh')
      await field('installation_postcode').fill('12211')
      await next.click()
      await page.waitForURL(/[?&]step=4/)
      for (const name of ['ispId', 'productId']) {
        const select = field(name)
        await select.locator('option').nth(1).waitFor({ state: 'attached' })
        await select.selectOption({ index: 1 })
      }
      await settle(page)
      return null
    },
  },
  {
    name: 'unit',
    account: 'engineer',
    open: async ({ page }) => {
      await page.goto('/units/35')
      await settle(page)
      return null
    },
  },
]

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined)
  // A string: the scripts' TypeScript has no DOM types.
  await page.evaluate('document.fonts.ready.then(() => true)')
  await page.waitForTimeout(400)
}

async function signIn(page: Page, account: string): Promise<void> {
  await page
    .locator('input[type="email"], input[name="email"]')
    .first()
    .fill(`${account}@example.com`)
  await page.locator('input[type="password"]').fill(PASSWORD)
  await page.locator('form button[type="submit"]').first().click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 })
}

/** Switches a signed-in page's language through the account menu when the account's differs. */
async function ensureLocale(page: Page, locale: LocaleCode): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if ((await page.locator('html').getAttribute('lang')) === locale) return
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /Account menu|قائمة الحساب|Menu du compte/ }).click()
    await page
      .getByRole('menuitemradio', { name: NATIVE_NAME[locale] })
      .click({ timeout: 5000 })
      .catch(() => undefined)
    await page
      .locator(`html[lang="${locale}"]`)
      .waitFor({ timeout: 5000 })
      .catch(() => undefined)
  }
  if ((await page.locator('html').getAttribute('lang')) !== locale) {
    throw new Error(`could not switch the account's language to ${locale}`)
  }
}

async function capture(browser: Browser, baseURL: string, screen: Screen): Promise<string[]> {
  const saved: string[] = []
  for (const locale of LOCALES) {
    for (const theme of THEMES) {
      const context = await browser.newContext({
        baseURL,
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        colorScheme: theme,
        locale,
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      // The device's choices, as a returning visitor has them: the language, no "What's new".
      await context.addInitScript(
        ({ code }) => {
          if (localStorage.getItem('wb.screenshots') === null) {
            localStorage.setItem('wb.screenshots', '1')
            localStorage.setItem('wb.locale', code)
            localStorage.setItem('wb.notifyUpdates', 'false')
          }
        },
        { code: locale },
      )
      try {
        if (screen.account !== null) {
          await page.goto('/login')
          await signIn(page, screen.account)
          await ensureLocale(page, locale)
        }
        const part = await screen.open({ page, locale, theme })
        const path = join(OUT, `${screen.name}-${locale}-${theme}.png`)
        if (part === null) await page.screenshot({ path, fullPage: screen.fullPage === true })
        else await page.locator(part).screenshot({ path })
        saved.push(path)
      } catch (error) {
        console.error(`${screen.name} ${locale} ${theme}: ${(error as Error).message}`)
        process.exitCode = 1
      } finally {
        // The account's language is saved on the server: put it back for the next screens.
        if (screen.account !== null && locale !== 'en-GB') {
          await ensureLocale(page, 'en-GB').catch(() => undefined)
        }
        await context.close()
      }
    }
  }
  return saved
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`${url} did not become healthy in 5 minutes`)
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const port = Number(process.env.SCREENSHOTS_PORT ?? 8823)
  const dataDir = `./data/screenshots-${port}`
  rmSync(join(ROOT, dataDir), { recursive: true, force: true })
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
  })
  const url = `http://localhost:${port}`
  await waitForHealth(url, server)
  return { url, stop: () => server.kill('SIGTERM') }
}

async function main(): Promise<void> {
  const only = process.env.SCREENS?.split(',').filter(Boolean)
  const screens = only ? SCREENS.filter((screen) => only.includes(screen.name)) : SCREENS
  mkdirSync(OUT, { recursive: true })
  const external = process.env.E2E_EXTERNAL_URL
  const server = external ? { url: external, stop: () => undefined } : await startServer()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  })
  try {
    for (const screen of screens) {
      for (const path of await capture(browser, server.url, screen)) console.log(path)
    }
  } finally {
    await browser.close()
    server.stop()
  }
}

await main()
