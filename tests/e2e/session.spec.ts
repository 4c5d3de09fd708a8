import { expect, test } from '@playwright/test'
import { authCookie, signIn } from './support.ts'

// The second server of playwright.config.ts issues 20-second access tokens.
test.use({ baseURL: process.env.E2E_SHORT_URL ?? 'http://localhost:8182' })

test('a short-lived access token is renewed without logging out', async ({ page }) => {
  const renewals: number[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/renew')) renewals.push(response.status())
  })
  await signIn(page, 'consumer')
  const first = await authCookie(page)
  await page.waitForTimeout(25_000)
  expect(renewals.filter((s) => s === 200).length).toBeGreaterThan(0)
  const later = await authCookie(page)
  expect(later?.refreshToken.token).not.toBe(first?.refreshToken.token)
  await page.reload()
  await expect(page).toHaveURL(/\/dashboard/)
})

test('with the network cut past token expiry the user stays signed in, then renews', async ({
  page,
  context,
}) => {
  await signIn(page, 'analyst')
  await expect(page).toHaveURL(/\/analytics/)
  const before = await authCookie(page)
  await context.setOffline(true)
  await page.waitForTimeout(25_000)
  // Still signed in: no trip to /logout or /login, the tokens are kept.
  await expect(page).toHaveURL(/\/analytics/)
  expect((await authCookie(page))?.refreshToken.token).toBe(before?.refreshToken.token)

  const renewed = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/renew') && r.status() === 200,
  )
  await context.setOffline(false)
  await renewed
  await expect(page).toHaveURL(/\/analytics/)
  expect((await authCookie(page))?.refreshToken.token).not.toBe(before?.refreshToken.token)
})
