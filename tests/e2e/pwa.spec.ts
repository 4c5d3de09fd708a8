import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import { signIn, waitForActiveWorker } from './support.ts'

const OFFLINE_BANNER =
  'You are offline. Showing saved data; changes will be sent when you are back online.'

function controllerUrl(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('the service worker installs, precaches the shell and controls the page', async ({ page }) => {
  await page.goto('/login')
  await waitForActiveWorker(page)
  await page.reload()
  expect(await controllerUrl(page)).toMatch(/\/sw\.js$/)
  const precached = await page.evaluate(async () => {
    const names = await caches.keys()
    const precache = names.find((name) => name.startsWith('workbox-precache'))
    if (!precache) return []
    return (await (await caches.open(precache)).keys()).map(
      (request) => new URL(request.url).pathname,
    )
  })
  expect(precached).toContain('/index.html')
  expect(precached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true)
  // API data never comes from the worker: offline data is the persisted query cache's job.
  expect(precached.filter((path) => path.startsWith('/api/'))).toEqual([])
})

test('Chromium finds the app installable and the manifest screenshots match their sizes', async ({
  request,
  baseURL,
  launchOptions,
}) => {
  // Installability is never granted to incognito profiles, which the default contexts are.
  const profile = mkdtempSync(join(tmpdir(), 'wb-pwa-'))
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  })
  try {
    const page = await context.newPage()
    await page.goto('/login')
    await waitForActiveWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const { errors } = await cdp.send('Page.getAppManifest')
    expect(errors).toEqual([])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }

  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    screenshots: { src: string; sizes: string; form_factor: string; label: string }[]
  }
  expect(new Set(manifest.screenshots.map((s) => s.form_factor))).toEqual(
    new Set(['narrow', 'wide']),
  )
  for (const screenshot of manifest.screenshots) {
    const response = await request.get(screenshot.src)
    expect(response.headers()['content-type']).toBe('image/png')
    expect(pngSize(await response.body()), screenshot.src).toBe(screenshot.sizes)
    expect(screenshot.label).not.toBe('')
  }
})

test('offline, /login opens from the cache with the offline banner', async ({ page, context }) => {
  await page.goto('/login')
  await waitForActiveWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: /^You are offline\.$/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(
    page.getByText('Signing in needs an internet connection.', { exact: false }),
  ).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: 'Back online' })).toBeVisible()
})

test('offline, a signed-in page opens from the cache inside the shell with the offline banner', async ({
  page,
  context,
}) => {
  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
  await waitForActiveWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible()
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
  await expect(page.getByRole('main')).toBeVisible()
})

test('a waiting new version is offered, never applied by itself, and Reload switches to it', async ({
  page,
}) => {
  // A release is simulated by registering the built worker under another script URL for the same
  // scope: the browser installs it as an update, which then waits like a new deploy's worker would.
  // (Update checks of the same URL are fetched by the browser itself, out of Playwright's routing.)
  const publishRelease = (scriptUrl: string) =>
    page.evaluate(async (url) => {
      await navigator.serviceWorker.register(url, { scope: '/' })
    }, scriptUrl)
  const waitingWorker = () =>
    page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL ?? null,
    )

  await page.goto('/login')
  await waitForActiveWorker(page)
  await page.reload()
  expect(await controllerUrl(page)).toMatch(/\/sw\.js$/)
  const prompt = page.getByRole('region', { name: 'A new version is available' })
  await expect(prompt).toBeHidden()

  await publishRelease('/sw.js?release=2')
  await expect(prompt).toBeVisible()
  // Typing is not interrupted: nothing reloads or switches until the user chooses.
  await page.getByLabel('Email').fill('consumer@example.com')
  await page.waitForTimeout(1_000)
  await expect(page.getByLabel('Email')).toHaveValue('consumer@example.com')
  expect(await controllerUrl(page)).toMatch(/\/sw\.js$/)
  expect(await waitingWorker()).toMatch(/release=2$/)

  await prompt.getByRole('button', { name: 'Later' }).click()
  await expect(prompt).toBeHidden()

  // A later release is offered again after "Later"; it uses the app's own URL again, so the page's
  // registration after the reload finds nothing new.
  await publishRelease('/sw.js')
  await expect(prompt).toBeVisible()
  expect(await waitingWorker()).toMatch(/\/sw\.js$/)
  const reloaded = page.waitForEvent('load')
  await prompt.getByRole('button', { name: 'Reload' }).click()
  await reloaded
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  // The waiting worker took over: it controls the page and nothing waits any more.
  expect(await controllerUrl(page)).toMatch(/\/sw\.js$/)
  await page.waitForTimeout(1_000)
  expect(await waitingWorker()).toBeNull()
  await expect(prompt).toBeHidden()
})

// PWA_SCREENSHOTS=1 npx playwright test tests/e2e/pwa.spec.ts -g regenerate
test('regenerate the manifest screenshots', async ({ browser }) => {
  test.skip(process.env.PWA_SCREENSHOTS !== '1', 'set PWA_SCREENSHOTS=1 to regenerate them')
  const outDir = join(import.meta.dirname, '..', '..', 'public', 'screenshots')
  mkdirSync(outDir, { recursive: true })
  const shots = [
    { name: 'narrow-login', width: 390, height: 844, signedIn: false },
    { name: 'narrow-dashboard', width: 390, height: 844, signedIn: true },
    { name: 'wide-dashboard', width: 1280, height: 800, signedIn: true },
  ]
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
      locale: 'en-GB',
    })
    const page = await context.newPage()
    if (shot.signedIn) await signIn(page, 'consumer')
    else await page.goto('/login')
    await page.getByRole('main').waitFor()
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({ path: join(outDir, `${shot.name}.png`) })
    await context.close()
  }
})
