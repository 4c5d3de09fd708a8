import { expect, test, type Page } from '@playwright/test'

// Each locale's catalog ships as a core part (the entry and /login, /404, /500) and a rest part
// (build/catalog-split.ts). /login must not fetch the rest; every page after the sign-in must find
// all its words (src/i18n/i18n.ts logs "Missing message" in production otherwise).

const DEMO_PASSWORD = 'Whitebox-demo-1'
const REST_CHUNK = /\/assets\/catalog-([A-Za-z-]+)-rest-[^/]+\.js$/
const SIGNUP_CHUNK = /\/assets\/catalog-([A-Za-z-]+)-signup-[^/]+\.js$/
const ENTERPRISE_CHUNK = /\/assets\/catalog-([A-Za-z-]+)-enterprise-[^/]+\.js$/

type Watch = { missing: string[]; rest: string[]; signup: string[]; enterprise: string[] }

/** Sets the device's locale before the first load only, and records what the split must avoid. */
async function open(page: Page, locale: string): Promise<Watch> {
  const watch: Watch = { missing: [], rest: [], signup: [], enterprise: [] }
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Missing message')) {
      watch.missing.push(message.text())
    }
  })
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    const rest = REST_CHUNK.exec(path)?.[1]
    if (rest) watch.rest.push(rest)
    const signup = SIGNUP_CHUNK.exec(path)?.[1]
    if (signup) watch.signup.push(signup)
    const enterprise = ENTERPRISE_CHUNK.exec(path)?.[1]
    if (enterprise) watch.enterprise.push(enterprise)
  })
  await page.addInitScript((code) => {
    if (sessionStorage.getItem('e2e.localeSet') !== null) return
    sessionStorage.setItem('e2e.localeSet', '1')
    localStorage.setItem('wb.locale', code)
    // The "What's new" dialog would cover the pages (feature-updates.spec.ts owns it).
    localStorage.setItem('wb.notifyUpdates', 'false')
  }, locale)
  return watch
}

/** The server's language for the analyst, as the sign-in reads it (the account stays en_GB). */
async function serveDefaultLocale(page: Page, apiLocale: string): Promise<void> {
  await page.route(/\/api\/zeus\/users\/[^/]+\/personal_information$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    const response = await route.fetch()
    const body = (await response.json()) as { data: Record<string, unknown> }
    await route.fulfill({
      response,
      json: { ...body, data: { ...body.data, default_locale: apiLocale } },
    })
  })
}

/** The login form by its fields (the labels are in the page's language). */
async function signInAsAnalyst(page: Page): Promise<void> {
  await page.locator('input[name="email"]').fill('analyst@example.com')
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/analytics/)
}

for (const { locale, apiLocale, dir, signIn, personalDetails } of [
  {
    locale: 'en-GB',
    apiLocale: 'en_GB',
    dir: 'ltr',
    signIn: 'Sign in',
    personalDetails: 'Personal details',
  },
  {
    locale: 'ar-SA',
    apiLocale: 'ar_SA',
    dir: 'rtl',
    signIn: 'تسجيل الدخول',
    personalDetails: 'البيانات الشخصية',
  },
]) {
  test(`${locale}: /login loads only the core catalog; the pages after the sign-in have all their words`, async ({
    page,
  }) => {
    const watch = await open(page, locale)
    await serveDefaultLocale(page, apiLocale)
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: signIn })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await page.waitForLoadState('networkidle')
    expect(watch.rest).toEqual([])
    expect(watch.signup).toEqual([])
    expect(watch.missing).toEqual([])

    await signInAsAnalyst(page)
    expect(watch.rest).toContain(locale)
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    // The URL changes as the sign-in page hands over, before the page after it replaces it.
    await expect(page.getByRole('heading', { name: signIn })).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    // The chart builder is an enterprise page: its words are a part of their own, loaded before
    // it renders (src/routes/__root.tsx).
    expect(watch.enterprise).toContain(locale)
    await page.waitForLoadState('networkidle')
    expect(watch.missing).toEqual([])

    await page.goto('/settings/personal-details')
    await expect(page.getByRole('heading', { name: personalDetails, level: 1 })).toBeVisible()
    if (locale === 'ar-SA') {
      const text = (await page.locator('main').innerText()).replace(/[\s\d\p{P}\p{S}]/gu, '')
      const arabic = text.replace(/[^\u0600-\u06FF]/g, '').length
      // Names, e-mail addresses and the brand stay Latin; the page's own words are Arabic.
      expect(arabic / text.length).toBeGreaterThan(0.5)
    }
    await page.waitForLoadState('networkidle')
    expect(watch.missing).toEqual([])
  })
}

test('ar-SA on this device, en_GB on the account: the switch at sign-in brings both parts', async ({
  page,
}) => {
  const watch = await open(page, 'ar-SA')
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible()
  await signInAsAnalyst(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  expect(watch.rest).toContain('en-GB')
  await page.goto('/settings/personal-details')
  await expect(page.getByRole('heading', { name: 'Personal details', level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(watch.missing).toEqual([])
})

test('a visitor’s sign-up loads the sign-up’s part, not the rest, and has all its words', async ({
  page,
}) => {
  const watch = await open(page, 'ar-SA')
  await page.goto('/signup/sa')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // (The HTML announced the browser language's part too: the device's choice is not known to the
  // server before the app has set its cookie.)
  expect(watch.signup).toContain('ar-SA')
  expect(watch.rest).toEqual([])
  const text = (await page.locator('main').innerText()).replace(/[\s\d\p{P}\p{S}]/gu, '')
  const arabic = text.replace(/[^\u0600-\u06FF]/g, '').length
  // The brand and the study's own names stay Latin; the form's words are Arabic.
  expect(arabic / text.length).toBeGreaterThan(0.5)
  expect(watch.missing).toEqual([])
})

test('a consumer’s dashboard loads the rest, not the enterprise pages’ words', async ({ page }) => {
  const watch = await open(page, 'en-GB')
  await page.goto('/login')
  await page.locator('input[name="email"]').fill('consumer@example.com')
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(watch.rest).toContain('en-GB')
  expect(watch.enterprise).toEqual([])
  expect(watch.missing).toEqual([])
})
