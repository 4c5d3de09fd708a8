import { expect, test } from '@playwright/test'
import { submitLogin, waitForActiveWorker } from './support.ts'

// Issue 3 §5: index.html carries a static app shell that paints before the JS arrives and that
// React's first render replaces.
const SHELL = '.wb-app-shell'

test('without the JS, the app shell paints the brand mark and the page frame', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort())
  await page.goto('/login')
  await expect(page.locator(`${SHELL}__mark`)).toBeVisible()
  const frame = await page.locator(SHELL).boundingBox()
  // The shell fills the screen: not a blank white page.
  expect(frame?.height).toBeGreaterThanOrEqual(844)
  await expect(page.locator(`${SHELL}__card`)).toBeVisible()
  await expect(page.locator(SHELL)).toHaveAttribute('aria-hidden', 'true')
})

test('the app shell is gone once the app renders, online and offline from the cache', async ({
  page,
  context,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page.locator(SHELL)).toHaveCount(0)

  await waitForActiveWorker(page)
  await context.setOffline(true)
  // The precached index.html, which the worker answers every navigation with, carries the shell too.
  const html = await page.evaluate(async () => {
    const cached = await caches.match('/index.html', { ignoreSearch: true })
    return cached ? cached.text() : ''
  })
  expect(html).toContain('class="wb-app-shell"')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.locator(SHELL)).toHaveCount(0)
  await context.setOffline(false)
})

// The what's-new dialog opens by itself after a sign-in, when the shell has focused <main>:
// returning focus to it used to scroll the page by the navbar's height.
test('closing the what’s-new dialog leaves the dashboard scrolled to the top', async ({ page }) => {
  // Marking the updates read is left out, so that feature-updates.spec.ts still finds them unread.
  await page.route(/\/feature_updates\/\d+$/, (route) =>
    route.request().method() === 'PUT' ? route.abort() : route.fallback(),
  )
  await submitLogin(page, 'consumer', undefined, { featureUpdates: true })
  const dialog = page.getByRole('dialog', { name: 'What’s new' })
  await expect(dialog).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await dialog.getByRole('button', { name: 'Close what’s new' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator('main')).toBeFocused()
  // Long enough for a smooth scroll to have moved the page.
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

// src/ui/fonts.ts: a first visit lays its pages out in the metric-matched fallback and names Inter
// with the next page; a start the service worker serves names it at once.
test('web fonts: named with the next page on a first visit, at once from the worker', async ({
  page,
}) => {
  const named = () =>
    page.evaluate(() => document.documentElement.classList.contains('wb-web-fonts'))
  const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily)
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  // Asked for after the load, then kept until the page changes.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.includes('Inter') && face.status === 'loaded',
        ),
      ),
    )
    .toBe(true)
  expect(await named()).toBe(false)
  expect(await bodyFont()).toMatch(/^"Inter Fallback"/)

  await submitLogin(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
  await expect.poll(named).toBe(true)
  expect(await bodyFont()).toMatch(/^"Inter Variable"/)

  await waitForActiveWorker(page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await named()).toBe(true)
})
