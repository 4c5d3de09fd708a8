import { expect, test, type Page } from '@playwright/test'
import { authCookie, chooseFromAccountMenu, signIn } from './support.ts'

// Issue 20 part 3 and issue 22 part 1: a deliberate sign-out revokes the login on the server; a
// change queued offline is never dropped when the session ends (by itself, or by a sign-out),
// it waits for the same user to sign in again.
//
// The connection is cut as in offline-changes.spec.ts: every /api request of the page is aborted
// (the service worker is blocked so that Playwright sees the page's fetches). Requests made with
// `page.request` (the checks against the server below) are not routed and still get through.
test.use({ serviceWorkers: 'block' })

const API = /\/api\//
const RECONNECT_TIMEOUT = { timeout: 45_000 } // the app's /api/health probe backs off (2, 5, 10 s …)

type Tokens = NonNullable<Awaited<ReturnType<typeof authCookie>>>

async function tokensOf(page: Page): Promise<Tokens> {
  const tokens = await authCookie(page)
  if (!tokens) throw new Error('not signed in')
  return tokens
}

function subOf(tokens: Tokens): string {
  const payload = JSON.parse(
    Buffer.from(tokens.accessToken.token.split('.')[1] ?? '', 'base64url').toString(),
  ) as { sub: string }
  return payload.sub
}

/** The user's "product news" email preference as the server has it. */
async function serverProductNews(page: Page, tokens: Tokens): Promise<boolean> {
  const response = await page.request.get(`/api/zeus/users/${subOf(tokens)}/email_preferences`, {
    headers: { authorization: `Bearer ${tokens.accessToken.token}` },
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { product_news: boolean } }).data.product_news
}

/** Whether the server still renews this login. */
async function renewStatus(page: Page, tokens: Tokens): Promise<number> {
  const response = await page.request.post('/api/auth/renew', {
    headers: { authorization: `Bearer ${tokens.accessToken.token}` },
    data: { refreshToken: tokens.refreshToken.token },
  })
  return response.status()
}

/** Without a connection, flips "product news" and saves: the change is queued on the device. */
async function saveProductNewsOffline(page: Page): Promise<boolean> {
  await page.goto('/settings/email-preferences')
  const productNews = page.getByRole('checkbox', { name: /Product news/ })
  await expect(productNews).toBeVisible()
  const wanted = !(await productNews.isChecked())
  await page.route(API, (route) => route.abort('internetdisconnected'))
  await productNews.setChecked(wanted)
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await expect(page.getByText('Your email preferences are saved on this device')).toBeVisible()
  return wanted
}

async function openLogOut(page: Page): Promise<void> {
  await chooseFromAccountMenu(page, 'menuitem', 'Sign out')
}

test('a sign-out revokes the login on the server', async ({ page }) => {
  await signIn(page, 'engineer')
  const tokens = await tokensOf(page)
  const revoked = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
  )
  await openLogOut(page)
  await expect(page).toHaveURL(/\/logout/)
  expect((await revoked).status()).toBe(200)
  expect(await renewStatus(page, tokens)).toBe(401)
})

test('a sign-out whose request gets no answer is sent to the server at the next start', async ({
  page,
}) => {
  // Not the volunteer: auth.spec.ts's lockout journey resets the volunteer's password.
  await signIn(page, 'engineer')
  const tokens = await tokensOf(page)
  const LOGOUT = /\/api\/auth\/logout$/
  await page.route(LOGOUT, (route) => route.abort('internetdisconnected'))
  await openLogOut(page)
  await expect(page).toHaveURL(/\/logout/)
  // Not revoked yet: the request got no answer. Kept on the device to be sent later.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('wb.revoke')))
    .toContain(tokens.refreshToken.token)
  expect(await renewStatus(page, tokens)).toBe(200)

  const sent = page.waitForResponse((r) => LOGOUT.test(r.url()))
  await page.unroute(LOGOUT)
  // A reload is an app start: what is left to revoke is sent.
  await page.reload()
  expect((await sent).status()).toBe(200)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('wb.revoke'))).toBeNull()
  expect(await renewStatus(page, tokens)).toBe(401)
})

test('a change queued offline survives a session the server ended, and is sent after the same user signs in again', async ({
  page,
}) => {
  await signIn(page, 'consumer')
  await expect(page).toHaveURL(/\/dashboard/)
  const before = await tokensOf(page)
  const wanted = await saveProductNewsOffline(page)
  expect(await serverProductNews(page, before)).toBe(!wanted)

  // While the device is offline its login is ended elsewhere (signed out from another device):
  // on reconnecting, the renewal is refused and the session ends by itself.
  const ended = await page.request.post('/api/auth/logout', {
    data: { refreshToken: before.refreshToken.token },
  })
  expect(ended.status()).toBe(200)
  await page.unroute(API)

  await expect(page).toHaveURL(/\/logout/, RECONNECT_TIMEOUT)
  const notice = page.getByTestId('kept-changes-notice')
  await expect(notice).toContainText('1 change is waiting for you to sign in again')
  await page.screenshot({ path: test.info().outputPath('kept-changes-en.png') })

  // Not lost on a reload while signed out.
  await page.goto('/login')
  await page.reload()
  await expect(notice).toContainText('1 change is waiting for you to sign in again')
  // Nothing was sent: the server still has the old value.
  expect(await serverProductNews(page, before)).toBe(!wanted)

  // The same user signs in again: the change reaches the server.
  await signIn(page, 'consumer')
  const after = await tokensOf(page)
  await expect.poll(() => serverProductNews(page, after), RECONNECT_TIMEOUT).toBe(wanted)
  await expect(notice).toHaveCount(0)
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('wb.kept-changes.')),
    ),
  ).toEqual([])
})

test('a sign-out with a change queued asks first: Cancel stays, "Send when back online" keeps it for the same user', async ({
  page,
}) => {
  await signIn(page, 'staff')
  const before = await tokensOf(page)
  const wanted = await saveProductNewsOffline(page)

  await openLogOut(page)
  const dialog = page.getByRole('dialog', { name: 'Sign out with changes not sent?' })
  await expect(dialog).toContainText('1 change you made on this device has not reached the server')
  await page.screenshot({ path: test.info().outputPath('sign-out-dialog-en.png') })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/settings\/email-preferences/)

  await openLogOut(page)
  await dialog.getByRole('button', { name: 'Send when back online' }).click()
  await expect(page).toHaveURL(/\/logout/)
  await expect(page.getByTestId('kept-changes-notice')).toContainText(
    '1 change is waiting for you to sign in again',
  )
  await page.unroute(API)
  // The sign-out made offline is sent at the next start: the old login is revoked.
  await page.reload()
  await expect.poll(() => renewStatus(page, before), RECONNECT_TIMEOUT).toBe(401)

  await signIn(page, 'staff')
  const after = await tokensOf(page)
  await expect.poll(() => serverProductNews(page, after), RECONNECT_TIMEOUT).toBe(wanted)
})

test('a sign-out with a change queued can discard it', async ({ page }) => {
  await signIn(page, 'consumer')
  const wanted = await saveProductNewsOffline(page)
  await openLogOut(page)
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(page).toHaveURL(/\/logout/)
  await expect(page.getByTestId('kept-changes-notice')).toHaveCount(0)
  await page.unroute(API)
  await signIn(page, 'consumer')
  const after = await tokensOf(page)
  // Given the time a replay would take, the server still has the old value.
  await page.waitForTimeout(3_000)
  expect(await serverProductNews(page, after)).toBe(!wanted)
})
