import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, latestMailLink, signIn, submitLogin } from './support.ts'

// One fresh demo database per run; the tests that change a password run last, in order.
test.describe.configure({ mode: 'serial' })

test.describe('each demo account lands on its default path (seeds 4.1)', () => {
  for (const { account, path } of [
    { account: 'consumer', path: /\/dashboard/ },
    { account: 'volunteer', path: /\/profile$/ },
    { account: 'engineer', path: /\/units\/search/ },
    { account: 'analyst', path: /\/analytics/ },
    { account: 'admin', path: /\/admin\/agents$/ },
    { account: 'staff', path: /\/xenia$/ },
  ]) {
    test(account, async ({ page }) => {
      await signIn(page, account)
      await expect(page).toHaveURL(path)
      // The shell is there and the session survives a reload.
      await expect(page.getByRole('navigation').first()).toBeVisible()
      await page.reload()
      await expect(page).toHaveURL(path)
    })
  }

  test('multi chooses a view on /redirect and can remember it', async ({ page }) => {
    await signIn(page, 'multi')
    await expect(page).toHaveURL(/\/redirect/)
    await expect(page.getByRole('heading', { name: 'Choose where to go' })).toBeVisible()
    await page.getByLabel('Remember my selection').check()
    await page
      .getByRole('button', { name: /Whitebox \d+/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/dashboard/)

    await page.goto('/logout')
    await expect(page.getByText(/signed out/i).first()).toBeVisible()
    await signIn(page, 'multi')
    await expect(page).toHaveURL(/\/dashboard/)
  })

  test('a signed-out visitor of a guarded page signs in and returns to it', async ({ page }) => {
    await page.goto('/settings/personal-details')
    await expect(page).toHaveURL(/\/login\?continue=/)
    await submitLogin(page, 'consumer')
    await expect(page).toHaveURL(/\/settings\/personal-details/)
  })
})

test.describe('login refusals (seeds 8.1)', () => {
  for (const { account, title } of [
    { account: 'locked', title: 'Your account is locked' },
    { account: 'disabled', title: 'Account not supported' },
    { account: 'migrated', title: 'Your account has moved' },
  ]) {
    test(account, async ({ page }) => {
      await submitLogin(page, account)
      await expect(page.getByText(title)).toBeVisible()
      await expect(page).toHaveURL(/\/login/)
    })
  }

  test('a wrong password shows login failed', async ({ page }) => {
    await submitLogin(page, 'analyst', 'not-the-password')
    await expect(page.getByText('Sign-in failed')).toBeVisible()
  })
})

test('expired password: the user sets a new one and signs in with it', async ({ page }) => {
  await submitLogin(page, 'expired')
  await expect(page).toHaveURL(/\/expired-password\/\d+\/[^/?]+/)
  await expect(page.getByRole('heading', { name: 'Your password has expired' })).toBeVisible()
  const next = 'Fresh-Expired-2026'
  await page.getByLabel('New password', { exact: true }).fill(next)
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('Password changed')).toBeVisible()
  await page.getByRole('link', { name: 'Back to sign in' }).click()
  await signIn(page, 'expired', next)
})

test('lockout after the configured failures, then unlocked by a reset from the dev mailbox', async ({
  page,
  request,
}) => {
  const account = 'volunteer'
  await submitLogin(page, account, 'wrong-1')
  await expect(page.getByText('Sign-in failed')).toBeVisible()
  await submitLogin(page, account, 'wrong-2')
  // Three attempts left: the warning appears (seeds 8.1: 3 or fewer).
  await expect(page.getByText('Your account will soon be locked')).toBeVisible()
  for (const attempt of [3, 4, 5]) await submitLogin(page, account, `wrong-${attempt}`)
  await expect(page.getByText('Your account is locked')).toBeVisible()
  await expect(page.getByText(/15 minutes/)).toBeVisible()
  await expect(page.getByLabel('Password', { exact: true })).toBeHidden()

  // The right password does not get in while locked.
  await page.goto('/login')
  await submitLogin(page, account, DEMO_PASSWORD)
  await expect(page.getByText('Your account is locked')).toBeVisible()

  await page.goto('/request-password')
  await page.getByLabel('Email').fill(`${account}@example.com`)
  await page.getByRole('button', { name: /send/i }).click()
  await expect(page.getByText('Email sent')).toBeVisible()

  const link = await latestMailLink(request, `${account}@example.com`, '/reset-password/')
  await page.goto(new URL(link).pathname)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(
    page.getByText('The new password must be different from your current password.'),
  ).toBeVisible()
  const next = 'Unlocked-Volunteer-9'
  await page.getByLabel('New password', { exact: true }).fill(next)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Password changed')).toBeVisible()

  // The link is single-use.
  await page.goto(new URL(link).pathname)
  await expect(page.getByText('This link cannot be used')).toBeVisible()

  await signIn(page, account, next)
  await expect(page).toHaveURL(/\/profile$/)
})
