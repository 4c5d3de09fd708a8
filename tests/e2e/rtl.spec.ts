import { expect, test } from '@playwright/test'
import { authCookie, signIn } from './support.ts'

test('a visitor switches to Arabic: the page turns right to left and stays so', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await page.getByRole('button', { name: /Language/ }).click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible()
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
})

test('a signed-in user switches to French: stored on the server as default_locale', async ({
  page,
  request,
}) => {
  // The language is saved on the account: other journeys sign in as staff too (units.spec.ts
  // reads its screens in English), so it is put back at the end.
  await signIn(page, 'staff')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitemradio', { name: 'Français (Canada)' }).click()
  try {
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA')
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')

    const tokens = await authCookie(page)
    expect(tokens).not.toBeNull()
    const [, payload = ''] = tokens?.accessToken.token.split('.') ?? []
    const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }
    const info = await request.get(`/api/zeus/users/${sub}/personal_information`, {
      headers: { authorization: `Bearer ${tokens?.accessToken.token ?? ''}` },
    })
    expect(((await info.json()) as { data: { default_locale: string } }).data.default_locale).toBe(
      'fr_CA',
    )
  } finally {
    await page.getByRole('button', { name: /Account menu|Menu du compte/ }).click()
    await page.getByRole('menuitemradio', { name: 'English (UK)' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  }
})
