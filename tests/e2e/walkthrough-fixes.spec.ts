import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { authCookie, DEMO_PASSWORD } from './support.ts'

// Issue 22 §4 walkthrough fixes (H4): the sign-in language sticks, LTR islands in Arabic, no
// sign-in dead ends, offline states that say so, unit cards that are links with a status.
// Screens go to WALKTHROUGH_SCREENS_DIR (default test-results/walkthrough-screens).
const SCREENS = process.env.WALKTHROUGH_SCREENS_DIR ?? 'test-results/walkthrough-screens'

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true })
  await page.screenshot({ path: `${SCREENS}/${name}.png` })
}

async function pickLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /Language|اللغة|Langue/ }).click()
  await page.getByRole('menuitemradio', { name }).click()
}

/** Fills the sign-in form by field names (its labels follow the language). */
async function signInAs(page: Page, account: string): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('wb.notifyUpdates', 'false')
  })
  await page.locator('input[name="email"]').fill(`${account}@example.com`)
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  await page.locator('form button[type="submit"]').click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** Puts the account's saved language back (other journeys read their screens in English). */
async function resetAccountLocale(page: Page, request: APIRequestContext): Promise<void> {
  const tokens = await authCookie(page)
  if (!tokens) return
  const [, payload = ''] = tokens.accessToken.token.split('.')
  const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }
  await request.put(`/api/zeus/users/${sub}/personal_information`, {
    headers: { authorization: `Bearer ${tokens.accessToken.token}` },
    data: { default_locale: 'en_GB' },
  })
}

test('a language picked on the sign-in page sticks after signing in', async ({ page, request }) => {
  await page.goto('/login')
  await pickLanguage(page, 'العربية')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
  // The email field reads left to right in Arabic: "nora@", not "@nora".
  await page.locator('input[name="email"]').fill('nora@')
  await expect(page.locator('input[name="email"]')).toHaveAttribute('dir', 'ltr')
  await shot(page, 'login-email-ar')
  try {
    // The engineer's account says English; the choice made here wins and is saved.
    await signInAs(page, 'engineer')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
    await page.goto('/units/search?showResults=true')
    await expect(page.locator('article').first()).toBeVisible()
    await shot(page, 'unit-cards-ar')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
  } finally {
    await resetAccountLocale(page, request)
  }
})

test('sign-in refusals lead somewhere; one verb', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expect(page.getByText(/log ?in/i)).toHaveCount(0)

  await page.getByLabel('Email').fill('disabled@example.com')
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Account not supported')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for help' })).toHaveAttribute(
    'href',
    /\/hc\/requests\/new$/,
  )
  await shot(page, 'login-disabled-en')

  await page.getByLabel('Email').fill('migrated@example.com')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('link', { name: 'Sign in on the new platform' })).toBeVisible()
  await shot(page, 'login-migrated-en')
})

test.describe('offline', () => {
  test.use({ serviceWorkers: 'block' })

  test('a saved unit page says its state is the last known one', async ({ page }) => {
    await page.goto('/login')
    await signInAs(page, 'engineer')
    await page.goto('/units/45/test-results')
    await expect(page.getByText('WB00000045')).toBeVisible()
    await page.waitForTimeout(1_500)
    await page.route(/\/api\//, (route) => route.abort('internetdisconnected'))
    await page.reload()
    await expect(page.getByText('WB00000045')).toBeVisible()
    await expect(page.getByText(/^Last known: (online|offline), /)).toBeVisible()
    await expect(page.getByText('Online', { exact: true })).toHaveCount(0)
    await shot(page, 'unit-offline-last-known-en')
    await page.unroute(/\/api\//)
  })
})

test.describe('instant test at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the result tiles fit the phone (no value spills out of its tile)', async ({ page }) => {
    await page.goto('/login')
    await signInAs(page, 'consumer')
    await expect(page).toHaveURL(/\/dashboard\/whitebox-tests/)
    await page.getByRole('button', { name: 'Run instant test' }).click()
    await expect(page.getByText('Test complete')).toBeVisible({ timeout: 45_000 })
    const tiles = page
      .locator('section[aria-labelledby] dl > div')
      .filter({ has: page.locator('dd bdi') })
    await expect(tiles.first()).toBeVisible()
    await tiles.first().scrollIntoViewIfNeeded()
    await shot(page, 'instant-test-360-en')
    const spills = await tiles.evaluateAll((items) =>
      items
        .filter((item) => {
          // Inside the tile's padding: the value must not touch or pass its content box.
          const box = item.getBoundingClientRect()
          const style = getComputedStyle(item)
          const start = box.left + parseFloat(style.paddingLeft)
          const end = box.right - parseFloat(style.paddingRight)
          const value = item.querySelector('dd bdi')?.getBoundingClientRect()
          return value !== undefined && (value.right > end + 0.5 || value.left < start - 0.5)
        })
        .map((item) => item.textContent),
    )
    expect(spills).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})
