import { expect, type Page, type APIRequestContext } from '@playwright/test'

export const DEMO_PASSWORD = 'Whitebox-demo-1'

/** Fills the login form and submits it; does not wait for where it leads. */
export async function submitLogin(
  page: Page,
  account: string,
  password = DEMO_PASSWORD,
  options: { featureUpdates?: boolean } = {},
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login')
  // The "What's new" dialog opens by itself after a sign-in with unread updates and would cover
  // the journeys; feature-updates.spec.ts signs in without this to test it.
  if (options.featureUpdates !== true) {
    await page.evaluate(() => {
      localStorage.setItem('wb.notifyUpdates', 'false')
    })
  }
  await page.getByLabel('Email').fill(`${account}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * Signs in and waits until the app has left /login and shows the page it leads to. The address
 * changes before that page replaces the form (the router loads it at the new address first).
 */
export async function signIn(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, account, password)
  await expect(page).not.toHaveURL(/\/login/)
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

/** Reads the tokens the app keeps in its auth cookie. */
export async function authCookie(page: Page): Promise<{
  accessToken: { token: string; expiresAt: number }
  refreshToken: { token: string; expiresAt: number }
} | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'wb_auth')
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as never) : null
}

/** The newest link in the dev mailbox sent to `email` that contains `fragment`. */
export async function latestMailLink(
  request: APIRequestContext,
  email: string,
  fragment: string,
): Promise<string> {
  const response = await request.get('/api/dev/mailbox')
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { data: { to: string; links: string[] }[] }
  const link = body.data.find((m) => m.to === email)?.links.find((l) => l.includes(fragment))
  if (!link) throw new Error(`no mail to ${email} with a link containing ${fragment}`)
  return link
}

/** Waits until the page's service worker is `activated` (right after `ready` it can still be activating). */
export async function waitForActiveWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const worker = registration.active
    if (!worker || worker.state === 'activated') return
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve()
      })
    })
  })
}

/** Opens the account menu and chooses one of its items. */
export async function chooseFromAccountMenu(
  page: Page,
  role: 'menuitem' | 'menuitemradio',
  name: string,
): Promise<void> {
  await page.getByRole('button', { name: /Account menu|قائمة الحساب|Menu du compte/ }).click()
  await page.getByRole(role, { name }).click()
}

/**
 * Chooses a panel in the header picker and returns the one chosen before (the same name when it
 * was already chosen).
 */
export async function choosePanel(page: Page, name: string): Promise<string> {
  const picker = page.getByRole('button', { name: /^Panel:|^اللوحة:|^Panneau/ })
  await expect(picker).toBeVisible()
  const before = (await picker.innerText()).replace(/^\s*(Panel|اللوحة|Panneau)\s*:\s*/, '').trim()
  if (before === name) return before
  await picker.click()
  await page.getByRole('menuitemradio', { name, exact: true }).click()
  await expect(picker).toHaveAccessibleName(`Panel: ${name}`)
  return before
}
