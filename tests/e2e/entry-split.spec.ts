import { expect, test, type Page } from '@playwright/test'
// signIn (support.ts) keeps the "What's new" dialog from covering the pages.
import { signIn } from './support.ts'

// Issue 3 §5 (/login JS): the entry carries neither the data layer (TanStack Query, its IndexedDB
// persistence, the offline queue) nor the shell's signed-in parts (account menu, pending changes,
// feature updates). The pages that need them load them before they render
// (src/offline/data-layer.tsx, src/features/shell/signed-in-slot.ts).

// The service worker would fetch every chunk into its precache: only the page's own loads count.
test.use({ serviceWorkers: 'block' })

const PARTS = {
  data: /\/assets\/data-layer-[^/]+\.js$/,
  chrome: /\/assets\/signed-in-chrome-[^/]+\.js$/,
  // The router's start (src/app-start.tsx).
  router: /\/assets\/app-start-[^/]+\.js$/,
}

type Watch = { data: number; chrome: number; router: number; errors: string[] }

function watch(page: Page): Watch {
  const seen: Watch = { data: 0, chrome: 0, router: 0, errors: [] }
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (PARTS.data.test(path)) seen.data += 1
    if (PARTS.chrome.test(path)) seen.chrome += 1
    if (PARTS.router.test(path)) seen.router += 1
  })
  page.on('pageerror', (error) => seen.errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text())
  })
  return seen
}

test('/login loads neither part; the sign-in brings both, and the dashboard and account menu work', async ({
  page,
}) => {
  const seen = watch(page)
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(seen).toMatchObject({ data: 0, chrome: 0 })

  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  expect(seen.data).toBeGreaterThan(0)
  expect(seen.chrome).toBeGreaterThan(0)
  const account = page.getByRole('button', { name: /Account menu/ })
  await account.click()
  await expect(page.getByRole('menuitem', { name: /Sign out/ })).toBeVisible()
  expect(seen.errors).toEqual([])
})

// src/navigation/sign-in-start.tsx: a visitor's /login renders without the router, which comes
// with the user's intent (focus in the form, a pointer on a link) and takes over at the first
// navigation.

test('a visitor’s /login loads no router until the user acts; a link hands over to it, and Back returns', async ({
  page,
}) => {
  const seen = watch(page)
  const response = await page.goto('/login')
  const html = (await response?.text()) ?? ''
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/sign-in-start-/)
  expect(html).not.toMatch(/app-start-/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(seen.router).toBe(0)

  // Gone if the page were loaded again: the hand-over and Back stay in this document.
  await page.evaluate(() => Object.assign(window, { wbSameDocument: true }))
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/request-password$/)
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in')
  expect(seen.router).toBe(1)
  await page.goBack()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate(() => 'wbSameDocument' in window)).toBe(true)
  // The router serves /login now: its form signs in as the first one did.
  await page.getByLabel('Email').fill('consumer@example.com')
  await page.getByLabel('Password', { exact: true }).fill('Whitebox-demo-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  expect(seen.errors).toEqual([])
})

test('a visitor opening / is shown /login, without the router', async ({ page }) => {
  const seen = watch(page)
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(seen.router).toBe(0)
  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
})

test('with the router’s code gone, a link loads its page afresh, which says once that it cannot start', async ({
  page,
}) => {
  // A deploy removed the chunk this page was built with (the worker is blocked: no cached copy).
  await page.route(PARTS.router, (route) => route.fulfill({ status: 404, body: 'gone' }))
  let loads = 0
  page.on('load', () => (loads += 1))
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/request-password$/)
  await expect(page.getByRole('heading', { name: 'Whitebox could not start' })).toBeVisible({
    timeout: 15_000,
  })
  const settled = loads
  await page.waitForTimeout(2_000)
  // /login, /request-password, one recovery reload; then the page stays.
  expect(loads).toBe(settled)
  expect(loads).toBeLessThanOrEqual(3)
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible()
})

test('the page a sign-in leads to takes the form’s place: Back returns to the page before it', async ({
  page,
}) => {
  await page.goto('/hc')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.goto('/login')
  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
  await page.goBack()
  await expect(page).toHaveURL(/\/hc/)
})

test('focus in the sign-in form fetches the router before the user signs in', async ({ page }) => {
  const seen = watch(page)
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  expect(seen.router).toBe(0)
  await page.getByLabel('Email').focus()
  await expect.poll(() => seen.router).toBe(1)
})

test('a signed-in start announces both parts with the page and renders with them', async ({
  page,
}) => {
  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
  const response = await page.goto('/dashboard/whitebox-tests')
  const html = (await response?.text()) ?? ''
  // server/lib/page-hints.ts: fetched beside the entry, not after it has run.
  expect(html).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/data-layer-[^"]+\.js"/,
  )
  expect(html).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/signed-in-chrome-[^"]+\.js"/,
  )
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
})

test('a visitor’s sign-up page loads the data layer, not the account menu', async ({ page }) => {
  const seen = watch(page)
  await page.goto('/signup/nz')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(seen.data).toBeGreaterThan(0)
  expect(seen.chrome).toBe(0)
  expect(seen.errors).toEqual([])
})

test('a visitor opening a page behind the sign-in goes to /login without that page’s code', async ({
  page,
}) => {
  const seen = watch(page)
  const pageCode: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (/\/assets\/(?:dashboard|consumer|catalog-[A-Za-z-]+-rest)-[^/]+\.js$/.test(path)) {
      pageCode.push(path)
    }
  })
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(pageCode).toEqual([])
  expect(seen).toMatchObject({ data: 0, chrome: 0 })
})

test('signed in, with the data layer’s chunk gone, the error page opens once and stays', async ({
  page,
}) => {
  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
  // A deploy removed the chunks this page was built with (the worker is blocked: no cached copy).
  await page.route(PARTS.data, (route) => route.fulfill({ status: 404, body: 'gone' }))
  await page.route(PARTS.chrome, (route) => route.fulfill({ status: 404, body: 'gone' }))
  let loads = 0
  page.on('load', () => (loads += 1))
  await page.goto('/dashboard/agent-details')
  await expect(page).toHaveURL(/\/500/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const settled = loads
  await page.waitForTimeout(3_000)
  // One recovery reload at most, then the page stays (it used to reload itself without end).
  expect(loads).toBe(settled)
  expect(loads).toBeLessThanOrEqual(3)
})
